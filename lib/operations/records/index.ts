import type { Operation } from "../define.ts";
import { bulkCreateRecordsOp, bulkUpdateRecordsOp } from "./bulk-records.ts";
import { createRecordOp } from "./create-record.ts";
import { deleteRecordOp } from "./delete-record.ts";
import { exportRecordsOp } from "./export-records.ts";
import { getRecordOp } from "./get-record.ts";
import { listRecordsOp } from "./list-records.ts";
import { restoreRecordOp } from "./restore-record.ts";
import { updateRecordOp } from "./update-record.ts";

/** The records area of the API, in reference order (also the order MCP clients list the tools in). */
export const recordOperations: Operation[] = [
  listRecordsOp,
  getRecordOp,
  createRecordOp,
  updateRecordOp,
  deleteRecordOp,
  restoreRecordOp,
  bulkCreateRecordsOp,
  bulkUpdateRecordsOp,
  exportRecordsOp,
];
