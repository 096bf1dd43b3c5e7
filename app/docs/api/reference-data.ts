import { connection } from "next/server";
import type { ApiSpec } from "@/components/docs/openapi-types.ts";
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

/** Same builder as GET /api/v1/openapi.json, so the pages and the download never disagree. */
export const SPEC_URL = "/api/v1/openapi.json";

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

/** What every page of the reference shows: the document as this visitor sees it, and the Try it session. */
export async function referenceData(): Promise<{ spec: ApiSpec; session: TryItSession | null }> {
  // Render per request: the server URL comes from PUBLIC_BASE_URL at run time, and the token is the visitor's.
  await connection();
  const user = (await auth())?.user;
  const credential = user ? sessionCredentialOf({ sub: user.id, tenantId: user.tenantId, sv: user.sessionVersion }) : null;
  const own = credential ? await tenantDocument(credential) : "ended";
  // Signed in: Try it sends requests as this user, with this page's anti-CSRF token. Signed out: reading only.
  const session: TryItSession | null =
    credential && own !== "ended" ? { email: user!.email, csrfToken: apiConsoleToken(credential) } : null;
  return { spec: parseOpenApi(own === "ended" ? openApiDocument() : own), session };
}

/**
 * The document as one page needs it: the operations of its area (`tag`) in full, the others only as
 * names, for the sidebar and the search, so no page carries the whole reference.
 */
export function forPage(spec: ApiSpec, tag?: string): ApiSpec {
  const slim = spec.operations.map((op) =>
    op.tag === tag ? op : { ...op, description: "", parameters: [], responses: [], requestBody: undefined },
  );
  return { ...spec, operations: slim };
}
