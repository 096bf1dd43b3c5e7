/**
 * The authentication and authorization matrix (spec 5.2, 7) of the imports operations, keyed by
 * operation name; tests/integration/guards/auth-matrix.test.ts runs them. Imports belong to the
 * contact object: starting and cancelling one needs create on it, reading them read. Each tenant
 * gets a queued import to read and cancel (cancelling it again answers it as it is).
 */
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { contactsCsv, ImportsApi, withTempDataDir, type ApiImport } from "../../integration/imports/import-client.ts";
import { bigKey } from "../../integration/records/helpers.ts";

export const OBJECT = "contact";

interface Ctx {
  imported: ApiImport;
}

async function prepare(t: TestTenant): Promise<Ctx> {
  withTempDataDir();
  return { imported: await new ImportsApi(await bigKey(t), OBJECT).mustUpload(contactsCsv(2, "matrix")) };
}

const as = (auth: string | undefined) => new ImportsApi(auth, OBJECT);

export const importsMatrices: MatrixTable = {
  // Names nothing of the tenant's: another tenant's key previews against its own contacts.
  "imports.preview": matrix({
    object: OBJECT,
    action: "create",
    prepare,
    call: (_ctx, auth) => as(auth).preview(contactsCsv(1, "matrix")),
    crossTenantStatus: 200,
  }),
  "imports.create": matrix({
    object: OBJECT,
    action: "create",
    prepare,
    call: (_ctx, auth) => as(auth).upload(contactsCsv(1, "matrix")),
    // Names nothing of the tenant's: another tenant's key imports into its own contacts.
    crossTenantStatus: 202,
  }),
  // Another tenant's key lists its own imports (tests/integration/imports: never this tenant's).
  "imports.list": matrix({ object: OBJECT, action: "read", prepare, call: (_ctx, auth) => as(auth).list(), crossTenantStatus: 200 }),
  "imports.get": matrix({ object: OBJECT, action: "read", prepare, call: (ctx, auth) => as(auth).get(ctx.imported.id) }),
  "imports.cancel": matrix({ object: OBJECT, action: "create", prepare, call: (ctx, auth) => as(auth).cancel(ctx.imported.id) }),
  "imports.errors": matrix({ object: OBJECT, action: "read", prepare, call: (ctx, auth) => as(auth).errors(ctx.imported.id) }),
};
