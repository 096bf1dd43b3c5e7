// GET /api/v1/objects — the tenant's objects, filtered to what the credential may see
import { z } from "zod";
import { canSeeObject } from "@/lib/auth/access.ts";
import { objectListSchema } from "@/lib/schemas/objects.ts";
import { listObjectSummaries } from "@/lib/services/records/object-schema.ts";
import { defineOperation, READS } from "../define.ts";

export const listObjectsOp = defineOperation({
  name: "objects.list",
  summary: "List objects",
  description: "Lists the tenant's objects (built-in and custom), already filtered to the objects the credential may read.",
  scope: "objects:read",
  http: { method: "GET", path: "/objects" },
  mcp: {
    tool: "list_objects",
    title: "List objects",
    description:
      "Lists the CRM objects (record types such as contact, company, opportunity, and custom ones) that this credential may read, " +
      "with their apiName and label. Call it first, then describe_object for the fields of the one you need.",
    annotations: READS,
  },
  input: z.object({}),
  output: objectListSchema,
  // Objects the credential may not read are left out, never refused; a token without objects:read is.
  errors: ["insufficient_scope"],
  authorize: () => undefined,
  async run({ tx, principal }) {
    const rows = await listObjectSummaries(tx, principal.tenantId);
    return { data: rows.filter((o) => canSeeObject(principal, o.apiName)) };
  },
});
