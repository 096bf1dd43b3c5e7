import { assertObjectAccess } from "@/lib/auth/access.ts";
import { serverActor } from "@/lib/auth/actor.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import {
  MAX_LINES_PER_OPPORTUNITY,
  MAX_UNIT_PRICE,
  type ApiLineItem,
  type LineItemChanges,
  type LineItemCreate,
  type lineTotalsSchema,
} from "@/lib/schemas/line-items.ts";
import { loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecord, findRecords } from "@/lib/services/records/record-store.ts";
import { updateRecords } from "@/lib/services/records/write-records.ts";
import { fromCents, lineAmounts, toCents } from "./line-math.ts";
import { productDefaults } from "./product-defaults.ts";
import type { z } from "zod";

type Totals = z.output<typeof lineTotalsSchema>;

interface LineRow {
  id: string;
  opportunity_id: string;
  product_id: string;
  name: string;
  quantity: string;
  unit_price: string;
  discount: string;
  tax: string;
  term: number | null;
  total: string;
  created_at: Date;
  updated_at: Date;
}

// numeric(19,2) as text always has two decimals: the documented scale, exactly.
const COLUMNS = Prisma.sql`id::text, opportunity_id::text, product_id::text, name, quantity::text, unit_price::text, discount::text,
  tax::text, term, total::text, created_at, updated_at`;

function toApi(r: LineRow): ApiLineItem {
  return {
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** The largest amount a currency field holds (numeric(19,4): 15 integer digits). */
const MAX_AMOUNT_CENTS = 10n ** 17n - 1n;

/**
 * The opportunity, live, locked until commit: every write to its lines takes this lock first, so
 * writes to one opportunity run one after the other and each recomputes from what the previous
 * committed. Writes to different opportunities do not wait for each other.
 */
async function lockOpportunity(tx: SqlTx, tenantId: string, opportunity: ObjectSchema, id: string): Promise<boolean> {
  return (await findRecords(tx, tenantId, opportunity.id, [id.toLowerCase()], { lock: true })).length > 0;
}

const opportunitySchema = (tx: SqlTx, p: Principal) => loadObjectSchema(tx, p.tenantId, "opportunity", p.schemaVersion);

async function totalsOf(tx: SqlTx, tenantId: string, opportunityId: string): Promise<Totals> {
  const [row] = await tx.$queryRaw<Totals[]>`
    SELECT coalesce(sum(subtotal), 0)::numeric(19,2)::text AS subtotal, coalesce(sum(discount_amount), 0)::numeric(19,2)::text AS discount,
           coalesce(sum(tax_amount), 0)::numeric(19,2)::text AS tax, coalesce(sum(total), 0)::numeric(19,2)::text AS total
    FROM line_item WHERE tenant_id = ${tenantId}::uuid AND opportunity_id = ${opportunityId}::uuid`;
  return row!;
}

/**
 * The opportunity's `amount` becomes the lines' total, written as any record change (its
 * record.updated event carries the new amount). Skipped when an admin has removed the field or
 * made it something other than a number.
 */
async function syncAmount(tx: SqlTx, p: Principal, opportunity: ObjectSchema, opportunityId: string): Promise<void> {
  const tenantId = p.tenantId;
  const totals = await totalsOf(tx, tenantId, opportunityId);
  const field = opportunity.fields.find((f) => f.apiName === "amount");
  if (!field || field.readOnly || (field.type !== "currency" && field.type !== "number")) return;
  if (toCents(totals.total) > MAX_AMOUNT_CENTS) throw invalid("The opportunity's total would exceed the largest amount it can hold");
  const amount = field.type === "currency" ? totals.total : Number(totals.total);
  // A derived write: the caller changed the lines, the server keeps the amount true to them.
  const [result] = await updateRecords(tx, {
    actor: serverActor(tenantId, p.userId),
    object: opportunity,
    updates: [{ id: opportunityId, patch: { amount } }],
  });
  if (!result!.ok) throw invalid(`The opportunity's amount could not be set to ${totals.total}: ${result!.error.message}`);
}

export async function listLineItems(tx: SqlTx, p: Principal, opportunityId: string): Promise<{ data: ApiLineItem[]; totals: Totals }> {
  const opportunity = await opportunitySchema(tx, p);
  await findRecord(tx, { tenantId: p.tenantId, objectId: opportunity.id, id: opportunityId, what: "Opportunity" });
  // ORDER BY names the table's id: a bare `id` would be the select list's id::text, which no index orders.
  const rows = await tx.$queryRaw<LineRow[]>`
    SELECT ${COLUMNS} FROM line_item WHERE tenant_id = ${p.tenantId}::uuid AND opportunity_id = ${opportunityId}::uuid ORDER BY line_item.id`;
  return { data: rows.map(toApi), totals: await totalsOf(tx, p.tenantId, opportunityId) };
}

interface LineValues {
  name: string;
  quantity: string;
  unit_price: string;
  discount: string;
  tax: string;
  term: number | null;
}

function amountsOf(v: LineValues) {
  const a = lineAmounts(toCents(v.quantity), toCents(v.unit_price), toCents(v.discount), toCents(v.tax));
  return { subtotal: fromCents(a.subtotal), discount: fromCents(a.discount), tax: fromCents(a.tax), total: fromCents(a.total) };
}

export async function addLineItem(tx: SqlTx, p: Principal, input: LineItemCreate): Promise<ApiLineItem> {
  // The product's name and price are read into the line: reading products must be allowed.
  assertObjectAccess(p, "product", "read");
  const opportunity = await opportunitySchema(tx, p);
  if (!(await lockOpportunity(tx, p.tenantId, opportunity, input.opportunity_id)))
    throw invalid(`opportunity_id: no live opportunity with id '${input.opportunity_id}'`, [
      { path: "opportunity_id", message: "must be the id of an opportunity that is not in the trash" },
    ]);
  const product = await productDefaults(tx, p, input.product_id);
  const [{ n } = { n: 0 }] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM line_item WHERE tenant_id = ${p.tenantId}::uuid AND opportunity_id = ${input.opportunity_id}::uuid`;
  if (n >= MAX_LINES_PER_OPPORTUNITY) throw invalid(`An opportunity may have at most ${MAX_LINES_PER_OPPORTUNITY} line items`);
  const unitPrice = input.unit_price ?? product.price;
  if (unitPrice === null)
    throw invalid(`unit_price: the product has no price with at most 2 decimals up to ${MAX_UNIT_PRICE}; give unit_price`, [
      { path: "unit_price", message: "is required when the product has no price" },
    ]);
  const name = input.name ?? product.name;
  if (!name) throw invalid("name: the product has no name; give name", [{ path: "name", message: "is required" }]);
  const values: LineValues = {
    name,
    quantity: input.quantity,
    unit_price: unitPrice,
    discount: input.discount,
    tax: input.tax ?? product.taxRate ?? "0",
    term: input.term === undefined ? product.term : input.term,
  };
  const a = amountsOf(values);
  const [row] = await tx.$queryRaw<LineRow[]>`
    INSERT INTO line_item (tenant_id, id, opportunity_id, product_id, name, quantity, unit_price, discount, tax, term,
      subtotal, discount_amount, tax_amount, total, created_at, updated_at)
    VALUES (${p.tenantId}::uuid, ${uuidV7()}::uuid, ${input.opportunity_id}::uuid, ${input.product_id}::uuid, ${values.name},
      ${values.quantity}::numeric, ${values.unit_price}::numeric, ${values.discount}::numeric, ${values.tax}::numeric, ${values.term}::int,
      ${a.subtotal}::numeric, ${a.discount}::numeric, ${a.tax}::numeric, ${a.total}::numeric, now(), now())
    RETURNING ${COLUMNS}`;
  await syncAmount(tx, p, opportunity, input.opportunity_id);
  return toApi(row!);
}

/**
 * The line and its opportunity, the opportunity locked first (the order every line write takes):
 * 404 for an unknown line, 400 when its opportunity is in the trash.
 */
async function lockLine(tx: SqlTx, p: Principal, id: string): Promise<{ line: LineRow; opportunity: ObjectSchema }> {
  const find = (lock: boolean) => tx.$queryRaw<LineRow[]>`
    SELECT ${COLUMNS} FROM line_item WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  const [seen] = await find(false);
  if (!seen) throw notFound(`Line item '${id}'`);
  const opportunity = await opportunitySchema(tx, p);
  if (!(await lockOpportunity(tx, p.tenantId, opportunity, seen.opportunity_id)))
    throw invalid("The line's opportunity is in the trash: restore it first");
  // Deleted while this write waited for the opportunity.
  const [line] = await find(true);
  if (!line) throw notFound(`Line item '${id}'`);
  return { line, opportunity };
}

export async function updateLineItem(tx: SqlTx, p: Principal, id: string, changes: LineItemChanges): Promise<ApiLineItem> {
  const { line, opportunity } = await lockLine(tx, p, id);
  const values: LineValues = {
    name: changes.name ?? line.name,
    quantity: changes.quantity ?? line.quantity,
    unit_price: changes.unit_price ?? line.unit_price,
    discount: changes.discount ?? line.discount,
    tax: changes.tax ?? line.tax,
    term: changes.term === undefined ? line.term : changes.term,
  };
  const a = amountsOf(values);
  const [row] = await tx.$queryRaw<LineRow[]>`
    UPDATE line_item SET name = ${values.name}, quantity = ${values.quantity}::numeric, unit_price = ${values.unit_price}::numeric,
      discount = ${values.discount}::numeric, tax = ${values.tax}::numeric, term = ${values.term}::int, subtotal = ${a.subtotal}::numeric,
      discount_amount = ${a.discount}::numeric, tax_amount = ${a.tax}::numeric, total = ${a.total}::numeric, updated_at = now()
    WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid RETURNING ${COLUMNS}`;
  await syncAmount(tx, p, opportunity, line.opportunity_id);
  return toApi(row!);
}

/** Removes the line; the opportunity's amount becomes the remaining lines' total (0.00 when none remain). */
export async function deleteLineItem(tx: SqlTx, p: Principal, id: string): Promise<void> {
  const { line, opportunity } = await lockLine(tx, p, id);
  await tx.$executeRaw`DELETE FROM line_item WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid`;
  await syncAmount(tx, p, opportunity, line.opportunity_id);
}
