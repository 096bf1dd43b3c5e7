// GET /api/v1/activities — a record's timeline, or the tenant's latest activities
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { activityListSchema, activityPageSchema } from "@/lib/schemas/activities.ts";
import { listActivities, timelinePrefetch } from "@/lib/services/activities/activity-list.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

export const listActivitiesOp = defineOperation({
  name: "activities.list",
  summary: "List activities",
  description:
    "With `recordId`, that record's timeline; without it, the tenant's latest activities. Filters combine with AND; " +
    "the answer has the exact `total`. Only activities on records of objects the caller may read are listed.",
  scope: "activities:read",
  http: { method: "GET", path: "/activities" },
  mcp: {
    tool: "list_activities",
    title: "List activities",
    description:
      "Lists activities (tasks, calls, emails, meetings, notes). Give recordId for one record's timeline (newest first), " +
      "or leave it out for the latest activities of the whole CRM. Filter by type, assignee (a user id, or me), " +
      "status (open, completed, overdue) and due_before/due_after; page with limit/offset (total is exact).",
    annotations: READS,
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: activityListSchema,
  output: activityPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied", "insufficient_scope"],
  authorize: (p) => assertObjectAccess(p, "activity", "read"),
  prefetch: timelinePrefetch,
  run: ({ tx, principal }, input) => listActivities(tx, principal, input),
});
