import type { Operation } from "../define.ts";
import { cancelImportOp } from "./cancel-import.ts";
import { createImportOp } from "./create-import.ts";
import { getImportOp, listImportsOp } from "./get-import.ts";
import { getImportErrorsOp } from "./import-errors.ts";
import { previewImportOp } from "./preview-import.ts";

/** CSV imports into an object (lib/services/imports), in reference order. */
export const importOperations: Operation[] = [
  previewImportOp,
  createImportOp,
  listImportsOp,
  getImportOp,
  cancelImportOp,
  getImportErrorsOp,
];
