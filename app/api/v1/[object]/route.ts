import { methodNotAllowed, rest } from "@/lib/adapters/rest/rest-handler.ts";
import { createRecord } from "@/lib/operations/records/create-record.ts";
import { listRecords } from "@/lib/operations/records/list-records.ts";

export const GET = rest(listRecords);
export const POST = rest(createRecord);
export const PUT = methodNotAllowed("GET, POST");
export const PATCH = methodNotAllowed("GET, POST");
export const DELETE = methodNotAllowed("GET, POST");
