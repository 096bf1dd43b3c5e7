import type { Operation } from "../define.ts";
import { approveOp, getApprovalOp, listApprovalsOp, rejectOp } from "./approvals.ts";

/** Approval requests and decisions, in reference order. No MCP tools: the tool list is the spec's 25. */
export const approvalOperations: Operation[] = [listApprovalsOp, getApprovalOp, approveOp, rejectOp];
