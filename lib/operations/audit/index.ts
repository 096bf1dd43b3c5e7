import type { Operation } from "../define.ts";
import { listAuditLogOp } from "./list-audit-log.ts";

/** The audit log, read-only. No MCP tool: it is for admins' tooling, not agents. */
export const auditOperations: Operation[] = [listAuditLogOp];
