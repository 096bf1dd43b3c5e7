import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { parseOpenApi } from "@/components/docs/parse-openapi.ts";
import type { TryItSession } from "@/components/docs/try-it-panel.tsx";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { apiConsoleToken } from "@/lib/auth/api-console-csrf.ts";
import { sessionCredentialOf, type SessionCredentialInput } from "@/lib/auth/credential.ts";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";
import { tenantOpenApi } from "@/lib/adapters/openapi/tenant-openapi.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { tenantSchemaOp } from "@/lib/operations/objects/tenant-schema.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import { randomUUID } from "node:crypto";

export const metadata: Metadata = { title: "API reference" };

/** Same builder as GET /api/v1/openapi.json, so the page and the download never disagree. */
const SPEC_URL = "/api/v1/openapi.json";

/**
 * The company's own document (its objects and fields typed) as this session sees it; "ended" when
 * the session no longer stands (the page is then the signed-out one); the generic document if it
 * fails for any other reason.
 */
async function tenantDocument(credential: SessionCredentialInput): Promise<Record<string, unknown> | "ended"> {
  return runOperation(tenantSchemaOp, credential, () => ({}), { requestId: randomUUID() }).then(
    (r) => tenantOpenApi(openApiDocument(), r.output),
    (err: unknown) => (isAppError(err) && err.status === 401 ? "ended" : openApiDocument()),
  );
}

export default async function ApiReferencePage() {
  // Render per request: the server URL comes from PUBLIC_BASE_URL at run time, and the token is the visitor's.
  await connection();
  const user = (await auth())?.user;
  const credential = user ? sessionCredentialOf({ sub: user.id, tenantId: user.tenantId, sv: user.sessionVersion }) : null;
  const own = credential ? await tenantDocument(credential) : "ended";
  // Signed in: Try it sends requests as this user, with this page's anti-CSRF token. Signed out: reading only.
  const session: TryItSession | null =
    credential && own !== "ended" ? { email: user!.email, csrfToken: apiConsoleToken(credential) } : null;
  return <ApiReference spec={parseOpenApi(own === "ended" ? openApiDocument() : own)} specUrl={SPEC_URL} session={session} />;
}
