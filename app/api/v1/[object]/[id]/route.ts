import { methodNotAllowed, rest } from "@/lib/adapters/rest/rest-handler.ts";
import { deleteRecord } from "@/lib/operations/records/delete-record.ts";
import { getRecord } from "@/lib/operations/records/get-record.ts";
import { updateRecord } from "@/lib/operations/records/update-record.ts";

export const GET = rest(getRecord);
export const PATCH = rest(updateRecord);
export const DELETE = rest(deleteRecord);
export const PUT = methodNotAllowed("GET, PATCH, DELETE");
export const POST = methodNotAllowed("GET, PATCH, DELETE");
