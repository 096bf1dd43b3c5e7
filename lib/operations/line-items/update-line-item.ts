// PATCH /api/v1/line-items (the line's id in the body, the spec's path) and PATCH /api/v1/line-items/{id}
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { lineItemChangesSchema, lineItemChangesWithIdSchema, lineItemRefSchema, lineItemSchema } from "@/lib/schemas/line-items.ts";
import { updateLineItem } from "@/lib/services/line-items/line-items.ts";
import { CHANGES, defineOperation } from "../define.ts";

const DESCRIPTION =
  "Changes the quantity, unit price, discount, tax, term or name of one line; the opportunity's totals and `amount` are recomputed " +
  "in the same transaction. Needs update access to opportunities.";
const ERRORS = ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"] as const;

export const updateLineItemOp = defineOperation({
  name: "line-items.update",
  summary: "Update a line item",
  description: `${DESCRIPTION} The line is named by \`id\` in the body.`,
  scope: "records:write",
  http: { method: "PATCH", path: "/line-items", body: "changes" },
  mcp: {
    tool: "update_line_item",
    title: "Update a line item",
    description:
      "Changes one product line (id): quantity, unit_price, discount or tax (percents), term (months) or name. Only the given fields " +
      "change; the opportunity's amount is updated to the new total. Returns the whole line.",
    annotations: CHANGES,
    flatten: "changes",
  },
  input: z.object({ changes: lineItemChangesWithIdSchema }),
  output: lineItemSchema,
  errors: [...ERRORS],
  authorize: (p) => assertObjectAccess(p, "opportunity", "update"),
  run: ({ tx, principal }, { changes: { id, ...changes } }) => updateLineItem(tx, principal, id, changes),
});

export const updateLineItemByIdOp = defineOperation({
  name: "line-items.update-by-id",
  summary: "Update a line item by path",
  description: `${DESCRIPTION} The same as PATCH /line-items, with the line's id in the path.`,
  scope: "records:write",
  http: { method: "PATCH", path: "/line-items/{id}", body: "changes" },
  input: lineItemRefSchema.extend({ changes: lineItemChangesSchema }),
  output: lineItemSchema,
  errors: [...ERRORS],
  authorize: (p) => assertObjectAccess(p, "opportunity", "update"),
  run: ({ tx, principal }, { id, changes }) => updateLineItem(tx, principal, id, changes),
});
