import type { Operation } from "../define.ts";
import { archiveFieldOp, createFieldOp, updateFieldOp } from "./manage-fields.ts";
import { describeObjectOp } from "./describe-object.ts";
import { listObjectsOp } from "./list-objects.ts";
import { archiveObjectOp, createObjectOp, updateObjectOp } from "./manage-objects.ts";

/** The objects area of the API, in reference order: discovery, then the schema by API (admins). */
export const objectOperations: Operation[] = [
  listObjectsOp,
  describeObjectOp,
  createObjectOp,
  updateObjectOp,
  archiveObjectOp,
  createFieldOp,
  updateFieldOp,
  archiveFieldOp,
];
