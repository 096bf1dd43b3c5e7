// GET/PATCH /api/v1/inventory/{productId} and GET /api/v1/inventory/{productId}/movements
import { assertObjectAccess } from "@/lib/auth/access.ts";
import {
  inventoryItemSchema,
  inventorySettingsSchema,
  movementListSchema,
  movementPageSchema,
  productRefSchema,
} from "@/lib/schemas/inventory.ts";
import { getInventoryItem, listMovements, setReorderLevel } from "@/lib/services/inventory/inventory.ts";
import { defineOperation } from "../define.ts";

export const getStockOp = defineOperation({
  name: "inventory.get",
  summary: "Get a product's stock",
  description: "One live product's stock, as in the inventory list.",
  scope: "records:read",
  http: { method: "GET", path: "/inventory/{productId}" },
  input: productRefSchema,
  output: inventoryItemSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "product", "read"),
  run: ({ tx, principal }, { productId }) => getInventoryItem(tx, principal, productId),
});

export const updateStockSettingsOp = defineOperation({
  name: "inventory.update",
  summary: "Set a product's reorder level",
  description: "The available quantity at or below which the product is low on stock (null: never). Needs update access to products.",
  scope: "records:write",
  http: { method: "PATCH", path: "/inventory/{productId}", body: "settings" },
  input: productRefSchema.extend({ settings: inventorySettingsSchema }),
  output: inventoryItemSchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "product", "update"),
  run: ({ tx, principal }, { productId, settings }) => setReorderLevel(tx, principal, productId, settings.reorder_level),
});

export const listMovementsOp = defineOperation({
  name: "inventory.movements",
  summary: "List a product's stock movements",
  description:
    "Every adjustment of the product's stock, newest first: set or add, the quantity, on hand after it, the reason, who and when.",
  scope: "records:read",
  http: { method: "GET", path: "/inventory/{productId}/movements" },
  input: movementListSchema,
  output: movementPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "product", "read"),
  run: ({ tx, principal }, input) => listMovements(tx, principal, input),
});
