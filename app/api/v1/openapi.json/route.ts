import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";

export const GET = (): Response => Response.json(openApiDocument(), { headers: { "Access-Control-Allow-Origin": "*" } });
