/**
 * The authentication and authorization matrix (spec 5.2, 7) of the object discovery operations,
 * keyed by operation name; tests/integration/guards/auth-matrix.test.ts runs them.
 */
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: archiveField, PATCH: patchField } = restRoute("/objects/{apiName}/fields/{fieldApiName}");
const { POST: createField } = restRoute("/objects/{apiName}/fields");
const { DELETE: archiveObject, GET: getObject, PATCH: patchObject } = restRoute("/objects/{apiName}");
const { GET: listObjects, POST: createObject } = restRoute("/objects");

/** A fresh name per call: creating succeeds once per name. */
let created = 0;
const fresh = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++created}`;

/** A custom object of the tenant with one custom text field, for the schema operations to change (the matrices share tenants). */
async function customObject(t: TestTenant): Promise<{ apiName: string; fieldApiName: string }> {
  const apiName = fresh("schema");
  await withTenantSql(t.tenantId, async (tx) => {
    await insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` }));
    await insertFieldDefinition(tx, t.tenantId, apiName, fieldInputSchema.parse({ apiName: "code", label: "Code", type: "text" }));
  });
  return { apiName, fieldApiName: "code" };
}

/** Schema changes by API: admins' credentials only, never a read-only key (as webhooks). */
const schema = { object: null, action: "update", managersOnly: true } as const;

export const objectsMatrices: MatrixTable = {
  "objects.list": matrix({
    object: null,
    action: "read",
    prepare: async () => ({}),
    call: (_ctx, auth) => call(listObjects, { auth }),
    crossTenantStatus: 200,
  }),

  "objects.describe": [
    matrix({
      object: "contact",
      action: "read",
      prepare: async () => ({ apiName: "contact" }),
      call: (ctx, auth) => call(getObject, { auth, params: { apiName: ctx.apiName } }),
      // Every tenant has its own contact object; the custom-object matrix below covers isolation.
      crossTenantStatus: 200,
    }),
    matrix({
      variant: "custom object",
      object: null,
      action: "read",
      prepare: async (t) => {
        const apiName = `only_${t.tenantId.replaceAll("-", "").slice(0, 10)}`;
        await withTenantSql(t.tenantId, async (tx) =>
          insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` })),
        );
        return { apiName };
      },
      call: (ctx, auth) => call(getObject, { auth, params: { apiName: ctx.apiName } }),
    }),
  ],

  "objects.create": matrix({
    ...schema,
    prepare: async () => ({}),
    call: (_ctx, auth) => call(createObject, { auth, body: { apiName: fresh("made"), label: "Made", pluralLabel: "Made" } }),
    crossTenantStatus: 201,
  }),
  "objects.update": matrix({
    ...schema,
    prepare: customObject,
    call: (ctx, auth) => call(patchObject, { auth, method: "PATCH", params: { apiName: ctx.apiName }, body: { label: "Renamed" } }),
  }),
  "objects.archive": matrix({
    ...schema,
    prepare: customObject,
    call: (ctx, auth) => call(archiveObject, { auth, method: "DELETE", params: { apiName: ctx.apiName } }),
  }),
  "fields.create": matrix({
    ...schema,
    prepare: customObject,
    call: (ctx, auth) =>
      call(createField, { auth, params: { apiName: ctx.apiName }, body: { apiName: fresh("f"), label: "F", type: "text" } }),
  }),
  "fields.update": matrix({
    ...schema,
    prepare: customObject,
    call: (ctx, auth) =>
      call(patchField, {
        auth,
        method: "PATCH",
        params: { apiName: ctx.apiName, fieldApiName: ctx.fieldApiName },
        body: { label: "Renamed" },
      }),
  }),
  "fields.archive": matrix({
    ...schema,
    prepare: customObject,
    call: (ctx, auth) => call(archiveField, { auth, method: "DELETE", params: { apiName: ctx.apiName, fieldApiName: ctx.fieldApiName } }),
  }),
};
