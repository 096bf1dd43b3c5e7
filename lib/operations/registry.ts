import type { Operation } from "./define.ts";
import { describeObject } from "./objects/describe-object.ts";
import { listObjects } from "./objects/list-objects.ts";
import { bulkCreateRecords, bulkUpdateRecords } from "./records/bulk-records.ts";
import { createRecord } from "./records/create-record.ts";
import { deleteRecord } from "./records/delete-record.ts";
import { exportRecords } from "./records/export-records.ts";
import { getRecord } from "./records/get-record.ts";
import { listRecords } from "./records/list-records.ts";
import { restoreRecord } from "./records/restore-record.ts";
import { updateRecord } from "./records/update-record.ts";

/**
 * Operations exposed to integrators, in the order the API reference lists them.
 * Settings operations (objects.create, apiKeys.*, roles.*) are reached only from the browser.
 */
export const PUBLIC_OPERATIONS: Operation[] = [
  listObjects,
  describeObject,
  listRecords,
  createRecord,
  getRecord,
  updateRecord,
  deleteRecord,
  restoreRecord,
  bulkCreateRecords,
  bulkUpdateRecords,
  exportRecords,
];

/** The operations offered as MCP tools, in the fixed order tools/list gives them. */
export const MCP_OPERATIONS: Operation[] = [
  listObjects,
  describeObject,
  listRecords,
  getRecord,
  createRecord,
  updateRecord,
  deleteRecord,
  bulkCreateRecords,
  bulkUpdateRecords,
  exportRecords,
];
