import type { Operation } from "../define.ts";
import { enrollOp, listEnrollmentsOp, stopEnrollmentOp } from "./enrollments.ts";
import { getFlowOp, listFlowsOp } from "./manage-flows.ts";

/** Flows (cadences) and their enrollments, in reference order. No MCP tools: the tool list is the spec's 25. */
export const flowOperations: Operation[] = [listFlowsOp, getFlowOp, enrollOp, listEnrollmentsOp, stopEnrollmentOp];
