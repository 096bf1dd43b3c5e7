import type { Operation } from "./define.ts";
import { activityOperations } from "./activities/index.ts";
import { approvalOperations } from "./approvals/index.ts";
import { attachmentOperations } from "./attachments/index.ts";
import { auditOperations } from "./audit/index.ts";
import { eventOperations } from "./events/index.ts";
import { flowOperations } from "./flows/index.ts";
import { importOperations } from "./imports/index.ts";
import { inventoryOperations } from "./inventory/index.ts";
import { lineItemOperations } from "./line-items/index.ts";
import { marketingOperations } from "./marketing/index.ts";
import { objectOperations } from "./objects/index.ts";
import { recordOperations } from "./records/index.ts";
import { webhookOperations } from "./webhooks/index.ts";

/**
 * Every operation integrators reach, area by area in the order the API reference lists them.
 * REST routes, MCP tools, the OpenAPI document and the guard tests are all derived from it;
 * a new area adds its index here and nowhere else.
 */
export const OPERATIONS: readonly Operation[] = [
  ...objectOperations,
  ...recordOperations,
  ...activityOperations,
  ...lineItemOperations,
  ...attachmentOperations,
  ...importOperations,
  ...inventoryOperations,
  ...marketingOperations,
  ...flowOperations,
  ...approvalOperations,
  ...webhookOperations,
  ...eventOperations,
  ...auditOperations,
];

/** Operations with a REST binding (routes, OpenAPI, Postman). */
export const HTTP_OPERATIONS = OPERATIONS.filter((op) => op.http);

/** Operations offered as MCP tools, in the order tools/list gives them. */
export const TOOL_OPERATIONS = OPERATIONS.filter((op) => op.mcp);

/** An operation by its name (`records.list`), e.g. a deprecated one's replacement. */
export const operationNamed = (name: string): Operation | undefined => OPERATIONS.find((op) => op.name === name);
