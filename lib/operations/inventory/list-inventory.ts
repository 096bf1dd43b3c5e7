// GET /api/v1/inventory — stock per product, or low stock only
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { inventoryListSchema, inventoryPageSchema } from "@/lib/schemas/inventory.ts";
import { listInventory } from "@/lib/services/inventory/inventory.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

export const listInventoryOp = defineOperation({
  name: "inventory.list",
  summary: "List inventory",
  description:
    "Stock per live product, by name: on hand, reorder level, committed (quantities on line items of open opportunities), " +
    "available (on hand − committed) and low_stock (available ≤ reorder level). `lowStock=true` keeps the low ones only; " +
    "`productId` one product (not found unless it is a live product). Needs read access to products.",
  scope: "records:read",
  http: { method: "GET", path: "/inventory" },
  mcp: {
    tool: "list_inventory",
    title: "List inventory",
    description:
      "Lists stock per product: on_hand, committed (promised on open opportunities), available and reorder_level, with low_stock " +
      "true when available is at or below the reorder level. Set lowStock to true for the products that need reordering, " +
      "or productId for one product. Quantities are exact decimal strings.",
    annotations: READS,
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: inventoryListSchema,
  output: inventoryPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "product", "read"),
  run: ({ tx, principal }, input) => listInventory(tx, principal, input),
});
