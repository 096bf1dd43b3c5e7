import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { createRecord } from "@/lib/operations/records/create-record.ts";
import { listRecords } from "@/lib/operations/records/list-records.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listRecords), POST: rest(createRecord) });
