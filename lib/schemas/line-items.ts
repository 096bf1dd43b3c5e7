import { z } from "zod";
import { storableText } from "./text.ts";

/** Most lines one opportunity may have (a quote rarely has more than a few dozen). */
export const MAX_LINES_PER_OPPORTUNITY = 200;
export const MAX_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 100_000_000;
export const MAX_TERM_MONTHS = 600;
export const MAX_LINE_NAME = 255;

const DECIMAL_2 = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * An exact decimal with at most two decimals, sent as a string ("12.50") or a JSON number (12.5),
 * turned into its canonical string; `positive` refuses zero.
 */
function decimal(max: number, opts: { positive?: boolean; what: string }) {
  const message = `must be ${opts.positive ? "greater than 0" : "from 0"} ${opts.positive ? "and at most" : "to"} ${max} with at most 2 decimals`;
  return z
    .union([z.string(), z.number()], { error: `must be a decimal number (${opts.what})` })
    .transform((v, ctx) => {
      const text = typeof v === "number" ? String(v) : v.trim();
      const n = Number(text);
      if (!DECIMAL_2.test(text) || n > max || (opts.positive && n <= 0)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return text;
    })
    .meta({ description: `${opts.what}: ${message}, as a string ("12.50") or a number` });
}

const quantity = decimal(MAX_QUANTITY, { positive: true, what: "quantity" });
const unitPrice = decimal(MAX_UNIT_PRICE, { what: "unit price" });
const percent = (what: string) => decimal(100, { what: `${what} in percent` });
const term = z
  .int({ error: `must be a whole number of months from 1 to ${MAX_TERM_MONTHS}` })
  .min(1, `must be a whole number of months from 1 to ${MAX_TERM_MONTHS}`)
  .max(MAX_TERM_MONTHS, `must be a whole number of months from 1 to ${MAX_TERM_MONTHS}`)
  .nullable();
const name = storableText().trim().min(1, "must not be empty").max(MAX_LINE_NAME, `must be at most ${MAX_LINE_NAME} characters`);
const id = (what: string) => z.uuid({ error: `must be the id (a uuid) of ${what}` });

const money = z.string().describe('Exact decimal with two decimals, e.g. "1234.50"');

export const lineItemSchema = z
  .object({
    id: z.string().describe("uuid"),
    opportunity_id: z.string(),
    product_id: z.string(),
    name: z.string(),
    quantity: money.describe('Two decimals, e.g. "3.00"'),
    unit_price: money,
    discount: money.describe('Percent with two decimals, e.g. "10.00"'),
    tax: money.describe('Percent with two decimals, e.g. "20.00"'),
    term: z.number().int().nullable().describe("Months, for subscriptions"),
    total: money.describe("quantity × unit_price, less the discount, plus the tax (each step rounded half up to the cent)"),
    created_at: z.string().describe("ISO 8601 UTC"),
    updated_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "LineItem", description: "A product line of an opportunity. Every number is an exact decimal string with two decimals." });
export type ApiLineItem = z.output<typeof lineItemSchema>;

export const lineTotalsSchema = z
  .object({
    subtotal: money.describe("Sum of quantity × unit_price"),
    discount: money.describe("Sum of the lines' discounts"),
    tax: money.describe("Sum of the lines' taxes"),
    total: money.describe("subtotal − discount + tax: the opportunity's amount"),
  })
  .meta({ id: "LineItemTotals" });

export const lineItemListSchema = z
  .object({ data: z.array(lineItemSchema), totals: lineTotalsSchema })
  .meta({ id: "LineItemList", description: "The lines of one opportunity, oldest first, and their totals." });

export const lineItemCreateSchema = z
  .strictObject({
    opportunity_id: id("an opportunity").describe("The opportunity (a live opportunity record)"),
    product_id: id("a product").describe("The product (a live product record)"),
    name: name.optional().describe("Defaults to the product's name"),
    quantity: quantity.default("1").describe("Greater than 0, at most two decimals; 1 when omitted"),
    unit_price: unitPrice.optional().describe("Defaults to the product's price"),
    discount: percent("discount").default("0").describe("Percent, 0 to 100; 0 when omitted"),
    tax: percent("tax").optional().describe("Percent, 0 to 100; defaults to the product's tax rate, else 0"),
    term: term.optional().describe("Months, 1 to 600 (subscriptions); defaults to the product's term"),
  })
  .meta({ id: "LineItemCreate" });
export type LineItemCreate = z.output<typeof lineItemCreateSchema>;

const changesShape = {
  name: name.optional().describe("The line's name"),
  quantity: quantity.optional().describe("Greater than 0, at most two decimals"),
  unit_price: unitPrice.optional().describe("The price of one unit"),
  discount: percent("discount").optional().describe("Percent, 0 to 100"),
  tax: percent("tax").optional().describe("Percent, 0 to 100"),
  term: term.optional().describe("Months (null clears it)"),
};
const someChange = (c: Record<string, unknown>) => Object.entries(c).some(([k, v]) => k !== "id" && v !== undefined);
const CHANGE_MESSAGE = "change at least one of name, quantity, unit_price, discount, tax, term";

export const lineItemChangesSchema = z
  .strictObject(changesShape)
  .refine(someChange, CHANGE_MESSAGE)
  .meta({ id: "LineItemChanges", description: "Only the fields sent change; the opportunity and the product never do." });
export type LineItemChanges = z.output<typeof lineItemChangesSchema>;

/** PATCH /line-items (the spec's path) names the line in the body. */
export const lineItemChangesWithIdSchema = z
  .strictObject({ id: id("a line item").describe("The line to change"), ...changesShape })
  .refine(someChange, CHANGE_MESSAGE)
  .meta({ id: "LineItemChangesWithId" });

export const lineItemRefSchema = z.object({ id: id("a line item").describe("The line item's id") });
export const opportunityParamSchema = z.object({
  opportunityId: id("an opportunity").describe("The opportunity whose lines to list"),
});
