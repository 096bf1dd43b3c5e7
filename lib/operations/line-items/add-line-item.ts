// POST /api/v1/line-items — add a product line; recomputes the totals and the opportunity's amount
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { lineItemCreateSchema, lineItemSchema, MAX_LINES_PER_OPPORTUNITY } from "@/lib/schemas/line-items.ts";
import { addLineItem } from "@/lib/services/line-items/line-items.ts";
import { CREATES, defineOperation } from "../define.ts";

export const addLineItemOp = defineOperation({
  name: "line-items.create",
  summary: "Add a line item",
  description:
    "Adds a product line to a live opportunity. `name`, `unit_price`, `tax` and `term` default to the product's name, price, tax rate and term. " +
    "The opportunity's `amount` becomes the new total in the same transaction (its record.updated event carries it). " +
    `Needs update access to opportunities and read access to products; at most ${MAX_LINES_PER_OPPORTUNITY} lines per opportunity.`,
  scope: "records:write",
  http: { method: "POST", path: "/line-items", status: 201, body: "line" },
  mcp: {
    tool: "add_line_item",
    title: "Add a line item",
    description:
      "Adds a product to an opportunity (opportunity_id, product_id) with a quantity (default 1). The unit price, name, tax and term " +
      "come from the product unless given; discount and tax are percents. Amounts are exact decimals with two decimals " +
      '(send "12.50" or 12.5). The opportunity\'s amount is updated to the new total. Returns the new line.',
    annotations: CREATES,
    flatten: "line",
  },
  input: z.object({ line: lineItemCreateSchema }),
  output: lineItemSchema,
  errors: ["invalid_request", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "opportunity", "update"),
  run: ({ tx, principal }, { line }) => addLineItem(tx, principal, line),
});
