/**
 * The authentication and authorization matrix (spec 5.2, 7) of the object discovery operations,
 * keyed by operation name; tests/integration/guards/auth-matrix.test.ts runs them.
 */
import { GET as getObject } from "@/app/api/v1/objects/[apiName]/route.ts";
import { GET as listObjects } from "@/app/api/v1/objects/route.ts";
import { withTenant } from "@/lib/db/tenant.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import { call } from "../../helpers/rest.ts";

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
        await withTenant(t.tenantId, (tx) =>
          insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` })),
        );
        return { apiName };
      },
      call: (ctx, auth) => call(getObject, { auth, params: { apiName: ctx.apiName } }),
    }),
  ],
};
