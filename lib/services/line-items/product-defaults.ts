import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import { MAX_UNIT_PRICE } from "@/lib/schemas/line-items.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";
import { numberToDecimal } from "@/lib/services/records/values/decimal.ts";

/** What a new line takes from its product when the request leaves it out. */
export interface ProductDefaults {
  name: string | null;
  price: string | null;
  taxRate: string | null;
  term: number | null;
}

/** A stored value as a decimal with at most two decimals ("12.5" → "12.50"), or null when it is not one. */
function decimal2(value: unknown): string | null {
  const text = typeof value === "number" && Number.isFinite(value) ? numberToDecimal(value) : typeof value === "string" ? value : null;
  const m = text === null ? null : /^(\d{1,15})(?:\.(\d*?))?0*$/.exec(text);
  if (!m || (m[2] ?? "").length > 2) return null;
  return `${m[1]}.${(m[2] ?? "").padEnd(2, "0")}`;
}

/**
 * The product of a new line: a live product record of the tenant (400 naming product_id
 * otherwise), and its name, price, tax rate and term as defaults. The fields are read by their
 * built-in apiNames (blueprint); a field an admin removed or retyped gives no default.
 */
export async function productDefaults(tx: SqlTx, p: Principal, productId: string): Promise<ProductDefaults> {
  const product = await loadObjectSchema(tx, p.tenantId, "product", p.schemaVersion);
  const [row] = await findRecords(tx, p.tenantId, product.id, [productId.toLowerCase()]);
  if (!row)
    throw invalid(`product_id: no live product with id '${productId}'`, [
      { path: "product_id", message: "must be the id of a product that is not in the trash" },
    ]);
  const d = row.data;
  const term = d.term_months;
  return {
    name: typeof d.name === "string" && d.name.trim() ? d.name.trim().slice(0, 255) : null,
    // A price a line may not hold (above MAX_UNIT_PRICE) is no default: the request must give one.
    price: decimal2(d.price) !== null && Number(d.price) <= MAX_UNIT_PRICE ? decimal2(d.price) : null,
    taxRate: decimal2(d.tax_rate) !== null && Number(d.tax_rate) <= 100 ? decimal2(d.tax_rate) : null,
    term: typeof term === "number" && Number.isInteger(term) && term >= 1 && term <= 600 ? term : null,
  };
}
