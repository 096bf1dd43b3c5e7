// DELETE /api/v1/line-items?id= (the spec's path) and DELETE /api/v1/line-items/{id}
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { lineItemRefSchema } from "@/lib/schemas/line-items.ts";
import { deleteLineItem } from "@/lib/services/line-items/line-items.ts";
import { CHANGES, defineOperation, type OperationContext } from "../define.ts";

const DESCRIPTION =
  "Removes one line; the opportunity's totals and `amount` are recomputed in the same transaction (0.00 when no line remains). " +
  "Needs update access to opportunities.";
const ERRORS = ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"] as const;

async function remove({ tx, principal }: OperationContext, { id }: { id: string }): Promise<null> {
  await deleteLineItem(tx, principal, id);
  return null;
}

export const deleteLineItemOp = defineOperation({
  name: "line-items.delete",
  summary: "Delete a line item",
  description: `${DESCRIPTION} The line is named by the \`id\` query parameter.`,
  scope: "records:write",
  http: { method: "DELETE", path: "/line-items", status: 204 },
  mcp: {
    tool: "delete_line_item",
    title: "Delete a line item",
    description:
      "Removes one product line (id) from its opportunity, permanently; the opportunity's amount is updated to the remaining total.",
    annotations: CHANGES,
    toResult: (_output, args) => ({ id: args.id as string, deleted: true }),
    result: z.object({ id: z.string(), deleted: z.literal(true) }),
  },
  input: lineItemRefSchema,
  output: z.null(),
  errors: [...ERRORS],
  authorize: (p) => assertObjectAccess(p, "opportunity", "update"),
  run: (ctx, input) => remove(ctx, input),
});

export const deleteLineItemByIdOp = defineOperation({
  name: "line-items.delete-by-id",
  summary: "Delete a line item by path",
  description: `${DESCRIPTION} The same as DELETE /line-items?id=, with the id in the path.`,
  scope: "records:write",
  http: { method: "DELETE", path: "/line-items/{id}", status: 204 },
  input: lineItemRefSchema,
  output: z.null(),
  errors: [...ERRORS],
  authorize: (p) => assertObjectAccess(p, "opportunity", "update"),
  run: (ctx, input) => remove(ctx, input),
});
