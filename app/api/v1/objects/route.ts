import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { listObjects } from "@/lib/operations/objects/list-objects.ts";

export const GET = rest(listObjects);
