// GET /api/v1/activities/{id} — one activity
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { activitySchema } from "@/lib/schemas/activities.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { activityStatement, getActivity } from "@/lib/services/activities/activities.ts";
import { defineOperation } from "../define.ts";

export const activityRef = z.object({ id: z.uuid({ error: "must be an activity id (a uuid)" }).describe("The activity's id") });

export const getActivityOp = defineOperation({
  name: "activities.get",
  summary: "Get an activity",
  description: "One activity. Not found as well when it belongs to a record of an object the caller may not read.",
  scope: "activities:read",
  http: { method: "GET", path: "/activities/{id}" },
  input: activityRef,
  output: activitySchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: (p) => assertObjectAccess(p, "activity", "read"),
  prefetch: (tenantId, raw) => (typeof raw.id === "string" && isUuid(raw.id) ? activityStatement(tenantId, raw.id) : undefined),
  run: ({ tx, principal }, { id }) => getActivity(tx, principal, id),
});
