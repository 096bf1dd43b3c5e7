import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { listInventoryOp } from "@/lib/operations/inventory/list-inventory.ts";
import { objectAccessOp } from "@/lib/operations/session/object-access.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import { Field } from "@/components/ui/field.tsx";
import { adjustStockAction, setReorderLevelAction } from "./actions.ts";

export const metadata = { title: "Inventory" };

const PAGE = 50;

/** Stock per product, the same list as GET /api/v1/inventory, with the adjustments people make by hand. */
export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ low?: string; offset?: string }> }) {
  const params = await searchParams;
  const lowStock = params.low === "1";
  const offset = Math.max(0, Math.min(Number.parseInt(params.offset ?? "0", 10) || 0, 1_000_000));
  // Adjusting stock and reorder levels changes products: offered only to roles that may update them.
  const { update: canAdjust } = await query(objectAccessOp, { object: "product" });
  const page = await query(listInventoryOp, { lowStock, limit: PAGE, offset }, { forbidden: "throw" }).catch((err: unknown) => {
    // A role that may not read products sees why, not an error page.
    if (isAppError(err) && err.status === 403) return null;
    throw err;
  });
  if (!page)
    return (
      <>
        <h1>Inventory</h1>
        <p className="panel">Your role does not allow reading products, so their stock is not shown.</p>
      </>
    );
  const link = (o: number) => `/settings/inventory?${new URLSearchParams({ ...(lowStock ? { low: "1" } : {}), offset: String(o) })}`;
  return (
    <>
      <h1>Inventory</h1>
      <p className="lead">
        Stock per product. Committed is what open opportunities&apos; line items promise; a product is low when what is available is at or
        below its reorder level. Every adjustment is kept with its reason.
      </p>
      <p>
        {lowStock ? (
          <Link href="/settings/inventory">Show all products</Link>
        ) : (
          <Link href="/settings/inventory?low=1">Low stock only</Link>
        )}
      </p>
      {page.data.length === 0 ? (
        <p className="panel">{lowStock ? "No product is low on stock." : "No products yet: add product records first."}</p>
      ) : (
        <table aria-label="Inventory">
          <thead>
            <tr>
              <th>Product</th>
              <th>On hand</th>
              <th>Committed</th>
              <th>Available</th>
              <th>Reorder level</th>
              {canAdjust && <th>Adjust</th>}
            </tr>
          </thead>
          <tbody>
            {page.data.map((item) => (
              <tr key={item.product_id} aria-label={item.name}>
                <td>
                  {item.name}
                  {item.sku && <div className="mono hint">{item.sku}</div>}
                  {item.low_stock && <strong className="badge">Low stock</strong>}
                </td>
                <td className="mono">{item.on_hand}</td>
                <td className="mono">{item.committed}</td>
                <td className="mono">{item.available}</td>
                <td>
                  {canAdjust ? (
                    <ActionForm action={setReorderLevelAction} label={`Reorder level of ${item.name}`} submit="Save" success="Saved.">
                      <input type="hidden" name="product_id" value={item.product_id} />
                      <Field name="reorder_level" label="Reorder level" hint="Empty: never low">
                        <input name="reorder_level" inputMode="decimal" defaultValue={item.reorder_level ?? ""} />
                      </Field>
                    </ActionForm>
                  ) : (
                    <span className="mono">{item.reorder_level ?? "—"}</span>
                  )}
                </td>
                {canAdjust && (
                  <td>
                    <ActionForm action={adjustStockAction} label={`Adjust stock of ${item.name}`} submit="Adjust" success="Adjusted.">
                      <input type="hidden" name="product_id" value={item.product_id} />
                      <Field name="operation" label="Operation">
                        <select name="operation" defaultValue="add">
                          <option value="add">Add (negative removes)</option>
                          <option value="set">Set on hand to</option>
                        </select>
                      </Field>
                      <Field name="quantity" label="Quantity">
                        <input name="quantity" inputMode="decimal" required />
                      </Field>
                      <Field name="reason" label="Reason">
                        <input name="reason" required maxLength={500} />
                      </Field>
                    </ActionForm>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        {page.total} product{page.total === 1 ? "" : "s"}
        {offset > 0 && (
          <>
            {" · "}
            <Link href={link(Math.max(0, offset - PAGE))}>Previous</Link>
          </>
        )}
        {offset + page.data.length < page.total && (
          <>
            {" · "}
            <Link href={link(offset + PAGE)}>Next</Link>
          </>
        )}
      </p>
    </>
  );
}
