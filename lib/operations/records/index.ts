import type { Operation } from "../define.ts";
import { bulkCreateRecords, bulkUpdateRecords } from "./bulk-records.ts";
import { createRecord } from "./create-record.ts";
import { deleteRecord } from "./delete-record.ts";
import { exportRecords } from "./export-records.ts";
import { getRecord } from "./get-record.ts";
import { listRecords } from "./list-records.ts";
import { restoreRecord } from "./restore-record.ts";
import { updateRecord } from "./update-record.ts";

/** The records area of the API, in reference order (also the order MCP clients list the tools in). */
export const recordOperations: Operation[] = [
  listRecords,
  getRecord,
  createRecord,
  updateRecord,
  deleteRecord,
  restoreRecord,
  bulkCreateRecords,
  bulkUpdateRecords,
  exportRecords,
];
