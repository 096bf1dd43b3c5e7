import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { describeObject } from "@/lib/operations/objects/describe-object.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(describeObject) });
