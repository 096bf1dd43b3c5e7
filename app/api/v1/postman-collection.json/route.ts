import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { postmanCollection } from "@/lib/adapters/openapi/postman-collection.ts";

export const GET = (): Response =>
  Response.json(postmanCollection(openApiDocument()), {
    headers: { "Content-Disposition": 'attachment; filename="crm-api.postman_collection.json"', "Access-Control-Allow-Origin": "*" },
  });
