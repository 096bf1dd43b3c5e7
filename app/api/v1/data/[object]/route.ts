import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { exportRecords } from "@/lib/operations/records/export-records.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(exportRecords) });
