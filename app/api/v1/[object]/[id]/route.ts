import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { deleteRecord } from "@/lib/operations/records/delete-record.ts";
import { getRecord } from "@/lib/operations/records/get-record.ts";
import { updateRecord } from "@/lib/operations/records/update-record.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getRecord), PATCH: rest(updateRecord), DELETE: rest(deleteRecord) });
