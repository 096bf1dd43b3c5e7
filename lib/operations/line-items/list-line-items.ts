// GET /api/v1/line-items?opportunityId= — an opportunity's product lines and their totals
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { lineItemListSchema, opportunityParamSchema } from "@/lib/schemas/line-items.ts";
import { listLineItems } from "@/lib/services/line-items/line-items.ts";
import { defineOperation, READS } from "../define.ts";

export const listLineItemsOp = defineOperation({
  name: "line-items.list",
  summary: "List an opportunity's line items",
  description:
    "The product lines of one opportunity, oldest first, with `totals` (subtotal, discount, tax, total). Needs read access to opportunities.",
  scope: "records:read",
  http: { method: "GET", path: "/line-items" },
  mcp: {
    tool: "list_line_items",
    title: "List line items",
    description:
      "Lists the product lines of one opportunity (opportunityId) with their totals: subtotal, discount, tax and total, " +
      "which is the opportunity's amount. Every number is an exact decimal string with two decimals.",
    annotations: READS,
  },
  input: opportunityParamSchema,
  output: lineItemListSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p) => assertObjectAccess(p, "opportunity", "read"),
  run: ({ tx, principal }, { opportunityId }) => listLineItems(tx, principal, opportunityId),
});
