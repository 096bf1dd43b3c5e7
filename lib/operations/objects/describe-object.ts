// GET /api/v1/objects/{apiName} — one object's fields (discovery)
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { objectSchema } from "@/lib/schemas/objects.ts";
import { describeObject as toDescription, getObjectOrThrow } from "@/lib/services/objects/registry.ts";
import { defineOperation } from "../define.ts";

export const describeObject = defineOperation({
  name: "objects.describe",
  summary: "Describe an object",
  description: "Returns an object's fields with their types, whether they are required, unique or read-only, select options and lookup targets.",
  scope: "objects:read",
  http: { method: "GET", path: "/objects/{apiName}" },
  input: z.object({ apiName: z.string().describe("The object's apiName, e.g. contact") }),
  output: objectSchema,
  errors: ["not_found", "api_key_object_denied", "permission_denied"],
  authorize: (principal, input) => assertObjectAccess(principal, input.apiName, "read"),
  async run({ tx, principal }, input) {
    return toDescription(await getObjectOrThrow(tx, principal.tenantId, input.apiName));
  },
});
