"use client";
import type { ApiLineItem } from "@/lib/schemas/line-items.ts";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";
import type { LookupChoice } from "./record-form.tsx";
import { recordHref } from "./display.ts";

interface Props {
  lines: ApiLineItem[];
  totals: { subtotal: string; discount: string; tax: string; total: string };
  products: LookupChoice[];
  /** Absent for people who may not change the opportunity. */
  add?: FormAction<unknown>;
  remove?: (form: FormData) => Promise<void>;
}

function AddLineForm({ action, products }: { action: FormAction<unknown>; products: LookupChoice[] }) {
  const { state, pending, formProps } = useSettingsForm(action);
  return (
    <form {...formProps} className="stack" aria-label="Add line item" noValidate>
      <FieldErrorsProvider state={state}>
        <div className="row">
          <Field name="product_id" label="Product">
            <select name="product_id" defaultValue="">
              <option value="">—</option>
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </Field>
          <Field name="quantity" label="Quantity">
            <input name="quantity" inputMode="decimal" defaultValue="1" />
          </Field>
          <Field name="discount" label="Discount %">
            <input name="discount" inputMode="decimal" defaultValue="0" />
          </Field>
        </div>
      </FieldErrorsProvider>
      <FormOutcome state={state} />
      <div>
        <button type="submit" disabled={pending}>
          Add line
        </button>
      </div>
    </form>
  );
}

/** An opportunity's product lines and their totals (the opportunity's amount follows the total). */
export function LineItemsPanel({ lines, totals, products, add, remove }: Props) {
  return (
    <section className="panel" aria-label="Line items">
      <h2>Line items</h2>
      {lines.length === 0 ? (
        <p className="hint">No product on this opportunity yet.</p>
      ) : (
        <table aria-label="Lines">
          <thead>
            <tr>
              <th>Product</th>
              <th className="num">Quantity</th>
              <th className="num">Unit price</th>
              <th className="num">Discount %</th>
              <th className="num">Tax %</th>
              <th className="num">Total</th>
              {remove && <th />}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>
                  <a href={recordHref("product", l.product_id)}>{l.name}</a>
                </td>
                <td className="num">{l.quantity}</td>
                <td className="num">{l.unit_price}</td>
                <td className="num">{l.discount}</td>
                <td className="num">{l.tax}</td>
                <td className="num">{l.total}</td>
                {remove && (
                  <td>
                    <form action={remove} className="inline-form">
                      <input type="hidden" name="lineId" value={l.id} />
                      <ConfirmSubmit question={`Remove the line “${l.name}”?`} label={`Remove ${l.name}`}>
                        Remove
                      </ConfirmSubmit>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot aria-label="Totals">
            <tr>
              <th colSpan={5}>Subtotal</th>
              <td className="num">{totals.subtotal}</td>
            </tr>
            <tr>
              <th colSpan={5}>Discount</th>
              <td className="num">−{totals.discount}</td>
            </tr>
            <tr>
              <th colSpan={5}>Tax</th>
              <td className="num">{totals.tax}</td>
            </tr>
            <tr>
              <th colSpan={5}>Total</th>
              <td className="num" data-testid="lines-total">
                <strong>{totals.total}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {add && <AddLineForm action={add} products={products} />}
    </section>
  );
}
