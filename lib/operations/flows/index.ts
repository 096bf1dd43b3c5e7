import type { Operation } from "../define.ts";
import { enrollOp, listEnrollmentsOp, stopEnrollmentOp } from "./manage-enrollments.ts";
import { getFlowOp, listFlowsOp } from "./manage-flows.ts";

/** Flows (cadences) and their enrollments, in reference order. No MCP tools: the spec's tool list has none for them. */
export const flowOperations: Operation[] = [listFlowsOp, getFlowOp, enrollOp, listEnrollmentsOp, stopEnrollmentOp];
