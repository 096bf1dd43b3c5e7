// POST /api/v1/inventory/adjustments — set or add stock with a reason, logged as a movement
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { inventoryItemSchema, stockAdjustmentSchema } from "@/lib/schemas/inventory.ts";
import { adjustStock } from "@/lib/services/inventory/inventory.ts";
import { defineOperation } from "../define.ts";

export const adjustStockOp = defineOperation({
  name: "inventory.adjust",
  summary: "Adjust stock",
  description:
    "Sets the quantity on hand (`operation: set`, e.g. after a stock count) or changes it (`add`, negative to remove), with a reason; " +
    "each adjustment is logged as a movement. On hand never goes below 0. Needs update access to products. Returns the product's stock.",
  scope: "records:write",
  http: { method: "POST", path: "/inventory/adjustments", status: 201, body: "adjustment" },
  input: z.object({ adjustment: stockAdjustmentSchema }),
  output: inventoryItemSchema,
  errors: ["invalid_request", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "product", "update"),
  run: ({ tx, principal }, { adjustment }) => adjustStock(tx, principal, adjustment),
});
