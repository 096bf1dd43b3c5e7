// DELETE /api/v1/activities/{id} — needs the delete permission
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { deleteActivity } from "@/lib/services/activities/activities.ts";
import { CHANGES, defineOperation } from "../define.ts";
import { activityRef } from "./get-activity.ts";

export const deleteActivityOp = defineOperation({
  name: "activities.delete",
  summary: "Delete an activity",
  description:
    'Deletes the activity for good (activities have no trash). Needs the delete permission: an API key with "Allow deletion", ' +
    "a role allowed to delete activity, and for OAuth tokens the activities:delete scope.",
  scope: "activities:delete",
  http: { method: "DELETE", path: "/activities/{id}", status: 204 },
  mcp: {
    tool: "delete_activity",
    title: "Delete an activity",
    description:
      "Deletes one activity by id, permanently (there is no trash for activities). Needs the delete permission; " +
      "prefer update_activity to complete or correct one.",
    annotations: CHANGES,
    toResult: (_output, args) => ({ id: args.id as string, deleted: true }),
    result: z.object({ id: z.string(), deleted: z.literal(true) }),
  },
  input: activityRef,
  output: z.null(),
  errors: [
    "invalid_request",
    "not_found",
    "api_key_read_only",
    "api_key_object_denied",
    "api_key_delete_denied",
    "permission_denied",
    "insufficient_scope",
  ],
  authorize: (p) => assertObjectAccess(p, "activity", "delete"),
  run: async ({ tx, principal }, { id }) => {
    await deleteActivity(tx, principal, id);
    return null;
  },
});
