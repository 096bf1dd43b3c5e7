// GET /api/v1/objects — the tenant's objects, filtered to what the credential may see
import { z } from "zod";
import { canSeeObject } from "@/lib/auth/access.ts";
import { objectListSchema } from "@/lib/schemas/objects.ts";
import { listObjects as listObjectRows } from "@/lib/services/objects/registry.ts";
import { defineOperation } from "../define.ts";

export const listObjects = defineOperation({
  name: "objects.list",
  summary: "List objects",
  description: "Lists the tenant's objects (built-in and custom), already filtered to the objects the credential may read.",
  scope: "objects:read",
  http: { method: "GET", path: "/objects" },
  input: z.object({}),
  output: objectListSchema,
  errors: [],
  authorize: () => undefined,
  async run({ tx, principal }) {
    const rows = await listObjectRows(tx, principal.tenantId);
    return { data: rows.filter((o) => canSeeObject(principal, o.apiName)).map((o) => ({ apiName: o.apiName, label: o.label, custom: o.custom })) };
  },
});
