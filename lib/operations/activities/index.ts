import type { Operation } from "../define.ts";
import { createActivityOp } from "./create-activity.ts";
import { deleteActivityOp } from "./delete-activity.ts";
import { getActivityOp } from "./get-activity.ts";
import { listActivitiesOp } from "./list-activities.ts";
import { updateActivityOp } from "./update-activity.ts";

/** The activities area (spec 4.1 note A), in reference order. */
export const activityOperations: Operation[] = [listActivitiesOp, createActivityOp, getActivityOp, updateActivityOp, deleteActivityOp];
