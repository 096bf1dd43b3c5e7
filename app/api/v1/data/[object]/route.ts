import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { exportRecords } from "@/lib/operations/records/export-records.ts";

export const GET = rest(exportRecords);
