/**
 * Every operation that is both a REST route and an MCP tool answers the same input the same way
 * on both: the tables under tests/guards/parity/ must name exactly those operations, so a new
 * tool without its parity cases fails here.
 */
import { describe, it } from "vitest";
import { mcpRestParity, type ParityTable } from "../../helpers/parity.ts";
import { TOOL_OPERATIONS } from "@/lib/operations/registry.ts";
import { expectEntryPerOperation } from "../../helpers/registry.ts";
import { activitiesParity } from "../../guards/parity/activities.ts";
import { attachmentsParity } from "../../guards/parity/attachments.ts";
import { inventoryParity } from "../../guards/parity/inventory.ts";
import { lineItemsParity } from "../../guards/parity/line-items.ts";
import { objectsParity } from "../../guards/parity/objects.ts";
import { recordsParity } from "../../guards/parity/records.ts";
import { marketingParity } from "../../guards/parity/marketing.ts";
import { eventsParity } from "../../guards/parity/events.ts";

const PARITY: ParityTable = {
  ...objectsParity,
  ...eventsParity,
  ...recordsParity,
  ...activitiesParity,
  ...lineItemsParity,
  ...inventoryParity,
  ...attachmentsParity,
  ...marketingParity,
};
const TWINS = TOOL_OPERATIONS.filter((op) => op.http);

describe("MCP/REST parity cases", () => {
  it("exist for exactly the operations with both bindings", () => {
    expectEntryPerOperation(PARITY, TWINS, "MCP/REST parity cases in tests/guards/parity/");
  });
});

for (const op of TWINS) {
  const entry = PARITY[op.name];
  if (entry) mcpRestParity(op, entry);
}
