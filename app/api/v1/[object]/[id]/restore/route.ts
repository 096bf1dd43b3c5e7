import { methodNotAllowed, rest } from "@/lib/adapters/rest/rest-handler.ts";
import { restoreRecord } from "@/lib/operations/records/restore-record.ts";

export const POST = rest(restoreRecord);
export const GET = methodNotAllowed("POST");
