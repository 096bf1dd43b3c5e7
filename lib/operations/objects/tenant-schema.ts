// The tenant's objects and their fields, in full, as the credential may read them: what the
// tenant's own API description is built from (GET /api/v1/openapi.json with a credential, and the
// API reference when signed in). Not in the registry: that path's anonymous answer is the generic document.
import { z } from "zod";
import { canSeeObject } from "@/lib/auth/access.ts";
import { objectSchema, type ObjectDescription } from "@/lib/schemas/objects.ts";
import { listObjectSummaries, loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { defineOperation } from "../define.ts";

export const tenantSchemaOp = defineOperation({
  name: "objects.tenantSchema",
  summary: "The tenant's schema",
  description: "Every object the credential may read, with its fields, and the tenant's name.",
  scope: "objects:read",
  http: { method: "GET", path: "/openapi.json" },
  input: z.object({}),
  output: z.object({ name: z.string(), objects: z.array(objectSchema) }),
  errors: [],
  authorize: () => undefined,
  async run({ tx, principal }) {
    const [tenant] = await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${principal.tenantId}::uuid`;
    const visible = (await listObjectSummaries(tx, principal.tenantId)).filter((o) => canSeeObject(principal, o.apiName));
    const objects: ObjectDescription[] = [];
    for (const { apiName } of visible) {
      const { id: _id, fields, ...object } = await loadObjectSchema(tx, principal.tenantId, apiName, principal.schemaVersion);
      objects.push({ ...object, fields: fields.map(({ id: _fieldId, slot: _slot, ...field }) => field) });
    }
    return { name: tenant?.name ?? "", objects };
  },
});
