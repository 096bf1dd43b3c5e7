// The request log: GET /api/v1/request-log (admins), Settings → API keys → a key → Requests, Settings → Apps → an app → Requests
import { z } from "zod";
import { requestLogFilterSchema, requestLogPageSchema } from "@/lib/schemas/request-log.ts";
import { listRequestLog } from "@/lib/services/request-log/query.ts";
import { defineOperation } from "../define.ts";
import { assertLogReader } from "./log-reader.ts";

export const listRequestLogOp = defineOperation({
  name: "requestLog.list",
  summary: "List the request log",
  description:
    "Every authenticated API and MCP request of the company: when, with which credential (API key, OAuth app or agent " +
    "connection, Try it), method, path or MCP tool, status, duration, request id, caller address and error code. Newest first; " +
    "page with starting_after. Find the line of an error with its body's `requestId`. Lines are written in batches a moment " +
    "after their request and kept REQUEST_LOG_RETENTION_DAYS days (7), at most REQUEST_LOG_MAX_PER_TENANT (1,000,000). " +
    "Admins' unrestricted credentials only: not a key limited to some objects; tokens need audit:read.",
  scope: "audit:read",
  http: { method: "GET", path: "/request-log" },
  input: z.object(requestLogFilterSchema),
  output: requestLogPageSchema,
  errors: ["invalid_request", "permission_denied", "api_key_object_denied", "insufficient_scope"],
  authorize: assertLogReader,
  run: ({ tx, principal }, filter) => listRequestLog(tx, principal.tenantId, filter),
});
