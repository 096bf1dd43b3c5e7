import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { parseOpenApi } from "@/components/docs/parse-openapi.ts";
import type { TryItSession } from "@/components/docs/try-it-panel.tsx";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";
import { tenantOpenApi } from "@/lib/adapters/openapi/tenant-openapi.ts";
import { tenantSchemaOp } from "@/lib/operations/objects/tenant-schema.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import { randomUUID } from "node:crypto";

export const metadata: Metadata = { title: "API reference" };

/** Same builder as GET /api/v1/openapi.json, so the page and the download never disagree. */
const SPEC_URL = "/api/v1/openapi.json";

/** Signed in: Try it sends requests as this user, with this page's anti-CSRF token. Signed out: reading only. */
async function tryItSession(): Promise<TryItSession | null> {
  const user = (await auth())?.user;
  if (!user?.id || !user.tenantId) return null;
  return { email: user.email, csrfToken: apiConsoleToken({ tenantId: user.tenantId, userId: user.id }) };
}

/** Signed in: the company's own document (its objects and fields typed); otherwise, or if that fails, the generic one. */
async function documentFor(user: { id?: string; tenantId?: string } | undefined): Promise<Record<string, unknown>> {
  if (!user?.id || !user.tenantId) return openApiDocument();
  const credential = { kind: "session" as const, tenantId: user.tenantId, userId: user.id };
  return runOperation(tenantSchemaOp, credential, () => ({}), { requestId: randomUUID() }).then(
    (r) => tenantOpenApi(openApiDocument(), r.output),
    () => openApiDocument(),
  );
}

export default async function ApiReferencePage() {
  // Render per request: the server URL comes from PUBLIC_BASE_URL at run time, and the token is the visitor's.
  await connection();
  const spec = await documentFor((await auth())?.user);
  return <ApiReference spec={parseOpenApi(spec)} specUrl={SPEC_URL} session={await tryItSession()} />;
}
