import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { bulkCreateRecords, bulkUpdateRecords } from "@/lib/operations/records/bulk-records.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(bulkCreateRecords), PATCH: rest(bulkUpdateRecords) });
