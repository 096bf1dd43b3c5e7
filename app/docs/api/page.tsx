import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { parseOpenApi } from "@/components/docs/parse-openapi.ts";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";

export const metadata: Metadata = { title: "API reference" };

/** Same builder as GET /api/v1/openapi.json, so the page and the download never disagree. */
const SPEC_URL = "/api/v1/openapi.json";

export default async function ApiReferencePage() {
  // Render per request: the server URL comes from PUBLIC_BASE_URL at run time, not at build time.
  await connection();
  return <ApiReference spec={parseOpenApi(openApiDocument())} specUrl={SPEC_URL} />;
}
