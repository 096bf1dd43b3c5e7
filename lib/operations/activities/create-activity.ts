// POST /api/v1/activities — log a task, call, email, meeting or note on a record
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { activityCreateSchema, activitySchema } from "@/lib/schemas/activities.ts";
import { createActivity } from "@/lib/services/activities/activities.ts";
import { CREATES, defineOperation } from "../define.ts";
import { z } from "zod";

export const createActivityOp = defineOperation({
  name: "activities.create",
  summary: "Create an activity",
  description:
    "Logs a task, call, email, meeting or note on a live record of any object (`record_id` + `objectApiName`). " +
    "The caller needs write access to activities and read access to the record's object; the assignee must be an active user.",
  scope: "activities:write",
  http: { method: "POST", path: "/activities", status: 201, body: "activity" },
  mcp: {
    tool: "create_activity",
    title: "Create an activity",
    description:
      "Logs a task, call, email, meeting or note on one record, given by record_id and objectApiName (e.g. contact). " +
      "Use due_at for tasks and calls to do, completed_at for things already done (a call made, an email sent), " +
      "assignee_id to give it to a user. Returns the new activity.",
    annotations: CREATES,
    flatten: "activity",
  },
  input: z.object({ activity: activityCreateSchema }),
  output: activitySchema,
  errors: ["invalid_request", "api_key_read_only", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: (p) => assertObjectAccess(p, "activity", "create"),
  run: ({ tx, principal }, { activity }) => createActivity(tx, principal, activity),
});
