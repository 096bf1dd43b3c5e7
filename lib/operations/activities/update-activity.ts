// PATCH /api/v1/activities/{id} — complete, reschedule, reassign, record the outcome
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { activityChangesSchema, activitySchema } from "@/lib/schemas/activities.ts";
import { updateActivity } from "@/lib/services/activities/activities.ts";
import { CHANGES, defineOperation } from "../define.ts";
import { activityRef } from "./get-activity.ts";

export const updateActivityOp = defineOperation({
  name: "activities.update",
  summary: "Update an activity",
  description:
    "Changes only the fields sent: `completed: true` completes it now (`false` reopens it), `due_at` reschedules, " +
    "`assignee_id` reassigns, `outcome` records what came of it. The record it belongs to never changes.",
  scope: "activities:write",
  http: { method: "PATCH", path: "/activities/{id}", body: "changes" },
  mcp: {
    tool: "update_activity",
    title: "Update an activity",
    description:
      "Changes one activity by id: completed=true marks it done now (false reopens it), due_at reschedules it, assignee_id " +
      "reassigns it (null unassigns), outcome records the result; subject, body and type can be corrected too. " +
      "Only the given fields change. Returns the whole activity.",
    annotations: CHANGES,
    flatten: "changes",
  },
  input: activityRef.extend({ changes: activityChangesSchema }),
  output: activitySchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: (p) => assertObjectAccess(p, "activity", "update"),
  run: ({ tx, principal }, { id, changes }) => updateActivity(tx, principal, id, changes),
});
