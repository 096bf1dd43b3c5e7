import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { restoreRecord } from "@/lib/operations/records/restore-record.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(restoreRecord) });
