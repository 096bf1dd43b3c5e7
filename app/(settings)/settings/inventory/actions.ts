"use server";
import { revalidatePath } from "next/cache";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { adjustStockOp } from "@/lib/operations/inventory/adjust-stock.ts";
import { updateStockSettingsOp } from "@/lib/operations/inventory/product-stock.ts";

export const adjustStockAction = serverAction([actionArg.state<FormState>(), actionArg.form], async (_prev, form): Promise<FormState> => {
  const result = await act(
    adjustStockOp,
    {
      adjustment: {
        product_id: form.get("product_id"),
        operation: form.get("operation"),
        quantity: form.get("quantity"),
        reason: form.get("reason"),
      },
    },
    { fieldsUnder: "adjustment" },
  );
  // Only a change redraws the page: a refusal stays next to the form that was sent.
  if (result.ok) revalidatePath("/settings/inventory");
  return result;
});

export const setReorderLevelAction = serverAction(
  [actionArg.state<FormState>(), actionArg.form],
  async (_prev, form): Promise<FormState> => {
    const raw = String(form.get("reorder_level") ?? "").trim();
    const result = await act(
      updateStockSettingsOp,
      { productId: form.get("product_id"), settings: { reorder_level: raw === "" ? null : raw } },
      { fieldsUnder: "settings" },
    );
    if (result.ok) revalidatePath("/settings/inventory");
    return result;
  },
);
