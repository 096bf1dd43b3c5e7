import type { Operation } from "../define.ts";
import { approveOp, getApprovalOp, listApprovalsOp, rejectOp } from "./approvals.ts";

/** Approval requests and decisions, in reference order. No MCP tools: the spec's tool list has none for them. */
export const approvalOperations: Operation[] = [listApprovalsOp, getApprovalOp, approveOp, rejectOp];
