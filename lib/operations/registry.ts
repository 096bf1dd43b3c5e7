import type { Operation } from "./define.ts";
import { describeObject } from "./objects/describe-object.ts";
import { listObjects } from "./objects/list-objects.ts";

/**
 * Operations exposed to integrators, in the order the API reference (and later MCP) lists them.
 * Settings operations (objects.create, apiKeys.*, roles.*) are reached only from the browser.
 */
export const PUBLIC_OPERATIONS: Operation[] = [listObjects, describeObject];
