import type { Operation } from "../define.ts";
import { describeObject } from "./describe-object.ts";
import { listObjects } from "./list-objects.ts";

/** The objects area of the API (discovery), in reference order. Settings operations are not here: only the browser reaches them. */
export const objectOperations: Operation[] = [listObjects, describeObject];
