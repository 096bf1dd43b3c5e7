import { z } from "zod";
import { storableText } from "./text.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from "./paging.ts";
import { boundedInt, flag } from "./query.ts";

export const MAX_STOCK = 1_000_000_000;
export const MAX_REASON = 500;

const STOCK = /^-?\d{1,15}(\.\d{1,2})?$/;

/** A stock quantity with at most two decimals, as a string or a JSON number; `signed` admits a negative change. */
function stock(signed: boolean) {
  const message = `must be a number ${signed ? `from -${MAX_STOCK}` : "from 0"} to ${MAX_STOCK} with at most 2 decimals`;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v, ctx) => {
      const text = typeof v === "number" ? String(v) : v.trim();
      const n = Number(text);
      if (!STOCK.test(text) || Math.abs(n) > MAX_STOCK || (!signed && n < 0)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    })
    .meta({ description: `${message}, as a string ("12.50") or a number` });
}

const quantity = z.string().describe('Exact decimal with two decimals, e.g. "40.00"');

export const inventoryItemSchema = z
  .object({
    product_id: z.string(),
    name: z.string().describe("The product's name"),
    sku: z.string().nullable(),
    on_hand: quantity.describe("In stock"),
    reorder_level: quantity.nullable().describe("Low stock at or below this available quantity; null: never low"),
    committed: quantity.describe("The quantities on line items of open opportunities (not closed won or lost, not in the trash)"),
    available: quantity.describe("on_hand − committed (negative when more is promised than held)"),
    low_stock: z.boolean().describe("available ≤ reorder_level"),
    updated_at: z.string().nullable().describe("When the stock was last adjusted; null if never"),
  })
  .meta({ id: "InventoryItem", description: "Stock of one product. Quantities are exact decimal strings with two decimals." });
export type ApiInventoryItem = z.output<typeof inventoryItemSchema>;

export const inventoryPageSchema = z
  .object({ data: z.array(inventoryItemSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "InventoryPage" });

const productId = z.uuid({ error: "must be the id (a uuid) of a product" });

export const inventoryListSchema = z.object({
  lowStock: flag().describe("`true` lists only products at or below their reorder level"),
  productId: productId.optional().describe("Only this product"),
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Products per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Products to skip"),
});
export type InventoryListParams = z.output<typeof inventoryListSchema>;

const reason = storableText()
  .trim()
  .min(1, "say why (e.g. received shipment, stock count)")
  .max(MAX_REASON, `must be at most ${MAX_REASON} characters`);

export const stockAdjustmentSchema = z
  .strictObject({
    product_id: productId.describe("The product (a live product record)"),
    operation: z
      .enum(["set", "add"], { error: "must be set or add" })
      .describe("set: on hand becomes quantity; add: on hand changes by quantity"),
    quantity: stock(true).describe("The new on-hand quantity (set, 0 or more) or the change (add; negative removes stock)"),
    reason: reason.describe(`Why, kept in the movement log (at most ${MAX_REASON} characters)`),
  })
  .meta({ id: "StockAdjustment" });
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>;

export const inventorySettingsSchema = z
  .strictObject({ reorder_level: stock(false).nullable().describe("Low stock at or below this available quantity; null: never low") })
  .meta({ id: "InventorySettings" });

export const productRefSchema = z.object({ productId: productId.describe("The product's id") });

export const movementSchema = z
  .object({
    id: z.string(),
    product_id: z.string(),
    operation: z.enum(["set", "add"]),
    quantity: quantity,
    on_hand_after: quantity,
    reason: z.string(),
    created_by: z.string().describe("The user (id) who adjusted it"),
    created_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "StockMovement" });

export const movementPageSchema = z
  .object({ data: z.array(movementSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "StockMovementPage" });

export const movementListSchema = productRefSchema.extend({
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Movements per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Movements to skip"),
});
