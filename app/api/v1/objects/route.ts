import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { listObjects } from "@/lib/operations/objects/list-objects.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listObjects) });
