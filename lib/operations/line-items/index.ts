import type { Operation } from "../define.ts";
import { addLineItemOp } from "./add-line-item.ts";
import { deleteLineItemByIdOp, deleteLineItemOp } from "./delete-line-item.ts";
import { listLineItemsOp } from "./list-line-items.ts";
import { updateLineItemByIdOp, updateLineItemOp } from "./update-line-item.ts";

/** Opportunity line items (spec 4.1 note B), in reference order. */
export const lineItemOperations: Operation[] = [
  listLineItemsOp,
  addLineItemOp,
  updateLineItemOp,
  updateLineItemByIdOp,
  deleteLineItemOp,
  deleteLineItemByIdOp,
];
