import type { Operation } from "../define.ts";
import { listAuditLogOp } from "./list-audit-log.ts";
import { listRequestLogOp } from "./list-request-log.ts";

/** The audit log and the request log, read-only. No MCP tools: they are for admins' tooling, not agents. */
export const auditOperations: Operation[] = [listAuditLogOp, listRequestLogOp];
