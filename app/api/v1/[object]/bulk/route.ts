import { methodNotAllowed, rest } from "@/lib/adapters/rest/rest-handler.ts";
import { bulkCreateRecords, bulkUpdateRecords } from "@/lib/operations/records/bulk-records.ts";

export const POST = rest(bulkCreateRecords);
export const PATCH = rest(bulkUpdateRecords);
export const GET = methodNotAllowed("POST, PATCH");
export const PUT = methodNotAllowed("POST, PATCH");
