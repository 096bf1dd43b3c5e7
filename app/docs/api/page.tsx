import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { parseOpenApi } from "@/components/docs/parse-openapi.ts";
import type { TryItSession } from "@/components/docs/try-it-panel.tsx";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";

export const metadata: Metadata = { title: "API reference" };

/** Same builder as GET /api/v1/openapi.json, so the page and the download never disagree. */
const SPEC_URL = "/api/v1/openapi.json";

/** Signed in: Try it sends requests as this user, with this page's anti-CSRF token. Signed out: reading only. */
async function tryItSession(): Promise<TryItSession | null> {
  const user = (await auth())?.user;
  if (!user?.id || !user.tenantId) return null;
  return { email: user.email, csrfToken: apiConsoleToken({ tenantId: user.tenantId, userId: user.id }) };
}

export default async function ApiReferencePage() {
  // Render per request: the server URL comes from PUBLIC_BASE_URL at run time, and the token is the visitor's.
  await connection();
  return <ApiReference spec={parseOpenApi(openApiDocument())} specUrl={SPEC_URL} session={await tryItSession()} />;
}
