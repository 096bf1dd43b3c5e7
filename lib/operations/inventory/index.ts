import type { Operation } from "../define.ts";
import { adjustStockOp } from "./adjust-stock.ts";
import { listInventoryOp } from "./list-inventory.ts";
import { getStockOp, listMovementsOp, updateStockSettingsOp } from "./product-stock.ts";

/** Inventory of products, in reference order. */
export const inventoryOperations: Operation[] = [listInventoryOp, adjustStockOp, getStockOp, updateStockSettingsOp, listMovementsOp];
