import { rest } from "@/lib/adapters/rest/rest-handler.ts";
import { describeObject } from "@/lib/operations/objects/describe-object.ts";

export const GET = rest(describeObject);
