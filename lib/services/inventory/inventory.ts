import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import {
  MAX_STOCK,
  type ApiInventoryItem,
  type InventoryListParams,
  type movementSchema,
  type StockAdjustment,
} from "@/lib/schemas/inventory.ts";
import { fromCents, toCents } from "@/lib/services/line-items/line-math.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";

type Movement = z.output<typeof movementSchema>;

/** Opportunities in these stages no longer hold stock. */
const CLOSED_STAGES = ["closed_won", "closed_lost"];

interface ItemRow extends Omit<ApiInventoryItem, "updated_at"> {
  updated_at: Date | null;
}

const toItem = (r: ItemRow): ApiInventoryItem => ({ ...r, updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null });

interface ItemsFilter {
  productId?: string;
  lowStock?: boolean;
  /** Without lowStock, the page is cut from the products first: only its products' stock is computed. */
  page?: { limit: number; offset: number };
}

/** The live products the list covers, by name (a page of them when `page` is set). */
function productsQuery(tenantId: string, productObjectId: string, f: ItemsFilter): Prisma.Sql {
  return Prisma.sql`
    SELECT id, tenant_id, name, data FROM record
    WHERE tenant_id = ${tenantId}::uuid AND object_id = ${productObjectId}::uuid AND deleted_at IS NULL
      ${f.productId ? Prisma.sql`AND id = ${f.productId}::uuid` : Prisma.empty}
    ${f.page ? Prisma.sql`ORDER BY name, id LIMIT ${f.page.limit} OFFSET ${f.page.offset}` : Prisma.empty}`;
}

/**
 * Live products with their stock: on hand and reorder level from inventory_level (none yet: 0 and
 * null), committed summed from the lines of live, open opportunities, available and low stock
 * derived; `lowStock` filters on the derived row.
 */
function itemsQuery(tenantId: string, productObjectId: string, f: ItemsFilter): Prisma.Sql {
  return Prisma.sql`
    SELECT * FROM (
      SELECT p.id::text AS product_id, p.name, p.data->>'sku' AS sku,
        coalesce(s.on_hand, 0)::numeric(19,2)::text AS on_hand, s.reorder_level::text AS reorder_level,
        coalesce(c.qty, 0)::numeric(19,2)::text AS committed,
        (coalesce(s.on_hand, 0) - coalesce(c.qty, 0))::numeric(19,2)::text AS available,
        (s.reorder_level IS NOT NULL AND coalesce(s.on_hand, 0) - coalesce(c.qty, 0) <= s.reorder_level) AS low_stock,
        s.updated_at
      FROM (${productsQuery(tenantId, productObjectId, f)}) p
      LEFT JOIN inventory_level s ON s.tenant_id = p.tenant_id AND s.product_id = p.id
      LEFT JOIN LATERAL (
        SELECT sum(li.quantity) AS qty FROM line_item li
        JOIN record o ON o.tenant_id = li.tenant_id AND o.id = li.opportunity_id
        WHERE li.tenant_id = p.tenant_id AND li.product_id = p.id AND o.deleted_at IS NULL
          AND coalesce(o.data->>'stage', '') <> ALL(${CLOSED_STAGES}::text[])
      ) c ON true
    ) i
    ${f.lowStock ? Prisma.sql`WHERE low_stock` : Prisma.empty}`;
}

const productObject = (tx: SqlTx, p: Principal) => loadObjectSchema(tx, p.tenantId, "product", p.schemaVersion);

/**
 * A page of the inventory, by product name, with the exact total. Without lowStock the page of
 * products is cut first and the total counts products; lowStock needs every product's stock.
 */
export async function listInventory(
  tx: SqlTx,
  p: Principal,
  q: InventoryListParams,
): Promise<{ data: ApiInventoryItem[]; total: number; limit: number; offset: number }> {
  const product = await productObject(tx, p);
  // A product named by id must exist, as everywhere ids are given: another tenant's is not found.
  if (q.productId !== undefined) await liveProduct(tx, p, product.id, q.productId, "path");
  const page = { limit: q.limit, offset: q.offset };
  const rows = q.lowStock
    ? await tx.$queryRaw<ItemRow[]>`${itemsQuery(p.tenantId, product.id, q)} ORDER BY name, product_id LIMIT ${q.limit} OFFSET ${q.offset}`
    : await tx.$queryRaw<ItemRow[]>`${itemsQuery(p.tenantId, product.id, { ...q, page })} ORDER BY name, product_id`;
  const endShown = rows.length < q.limit && (q.offset === 0 || rows.length > 0);
  const counted = q.lowStock ? itemsQuery(p.tenantId, product.id, q) : productsQuery(p.tenantId, product.id, q);
  const total = endShown
    ? q.offset + rows.length
    : (await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (${counted}) x`)[0]!.n;
  return { data: rows.map(toItem), total, limit: q.limit, offset: q.offset };
}

export async function getInventoryItem(tx: SqlTx, p: Principal, productId: string): Promise<ApiInventoryItem> {
  const product = await productObject(tx, p);
  const [row] = await tx.$queryRaw<ItemRow[]>(itemsQuery(p.tenantId, product.id, { productId }));
  if (!row) throw notFound(`Product '${productId}'`);
  return toItem(row);
}

/** A live product of the tenant, or 404 when a path or query names it, 400 when a body does. */
async function liveProduct(tx: SqlTx, p: Principal, productObjectId: string, productId: string, named: "body" | "path"): Promise<void> {
  if ((await findRecords(tx, p.tenantId, productObjectId, [productId.toLowerCase()])).length) return;
  if (named === "path") throw notFound(`Product '${productId}'`);
  throw invalid(`product_id: no live product with id '${productId}'`, [
    { path: "product_id", message: "must be the id of a product that is not in the trash" },
  ]);
}

/**
 * The product's stock row, created at 0 if it has none, locked until commit: adjustments of one
 * product run one after the other, each from what the previous committed. 400 for a product
 * that is not live (a body names it) or 404 (a path does).
 */
async function lockStock(tx: SqlTx, p: Principal, productId: string, named: "body" | "path"): Promise<{ on_hand: string }> {
  const product = await productObject(tx, p);
  await liveProduct(tx, p, product.id, productId, named);
  await tx.$executeRaw`
    INSERT INTO inventory_level (tenant_id, product_id, on_hand, updated_at) VALUES (${p.tenantId}::uuid, ${productId}::uuid, 0, now())
    ON CONFLICT DO NOTHING`;
  const [row] = await tx.$queryRaw<{ on_hand: string }[]>`
    SELECT on_hand::text FROM inventory_level WHERE tenant_id = ${p.tenantId}::uuid AND product_id = ${productId}::uuid FOR UPDATE`;
  return row!;
}

/** Sets or changes the quantity on hand, logging the movement with its reason; on hand never goes below 0. */
export async function adjustStock(tx: SqlTx, p: Principal, a: StockAdjustment): Promise<ApiInventoryItem> {
  const current = await lockStock(tx, p, a.product_id, "body");
  if (a.operation === "set" && Number(a.quantity) < 0)
    throw invalid("quantity: set needs a quantity of 0 or more", [{ path: "quantity", message: "must be 0 or more" }]);
  const cents = a.operation === "set" ? toCents(a.quantity) : toCents(current.on_hand) + toCents(a.quantity);
  if (cents < 0n)
    throw invalid(`quantity: on hand is ${current.on_hand}; removing ${a.quantity.replace("-", "")} would leave less than 0`, [
      { path: "quantity", message: "would make the quantity on hand negative" },
    ]);
  if (cents > BigInt(MAX_STOCK) * 100n)
    throw invalid(`quantity: on hand is ${current.on_hand}; adding ${a.quantity} would go past ${MAX_STOCK}`, [
      { path: "quantity", message: `would make the quantity on hand more than ${MAX_STOCK}` },
    ]);
  const after = { on_hand: fromCents(cents) };
  await tx.$executeRaw`
    UPDATE inventory_level SET on_hand = ${after.on_hand}::numeric, updated_at = now()
    WHERE tenant_id = ${p.tenantId}::uuid AND product_id = ${a.product_id}::uuid`;
  await tx.$executeRaw`
    INSERT INTO inventory_movement (tenant_id, id, product_id, kind, quantity, on_hand_after, reason, created_by_id, created_at)
    VALUES (${p.tenantId}::uuid, ${uuidV7()}::uuid, ${a.product_id}::uuid, ${a.operation}, ${a.quantity}::numeric, ${after.on_hand}::numeric,
      ${a.reason}, ${p.userId}::uuid, now())`;
  return getInventoryItem(tx, p, a.product_id);
}

export async function setReorderLevel(tx: SqlTx, p: Principal, productId: string, reorderLevel: string | null): Promise<ApiInventoryItem> {
  await lockStock(tx, p, productId, "path");
  await tx.$executeRaw`
    UPDATE inventory_level SET reorder_level = ${reorderLevel}::numeric, updated_at = now()
    WHERE tenant_id = ${p.tenantId}::uuid AND product_id = ${productId}::uuid`;
  return getInventoryItem(tx, p, productId);
}

interface MovementRow extends Omit<Movement, "created_at"> {
  created_at: Date;
}

/** The product's movement log, newest first. */
export async function listMovements(
  tx: SqlTx,
  p: Principal,
  q: { productId: string; limit: number; offset: number },
): Promise<{ data: Movement[]; total: number; limit: number; offset: number }> {
  await getInventoryItem(tx, p, q.productId);
  const where = Prisma.sql`tenant_id = ${p.tenantId}::uuid AND product_id = ${q.productId}::uuid`;
  // ORDER BY names the table's id: a bare `id` would be the select list's id::text, which no index orders.
  const rows = await tx.$queryRaw<MovementRow[]>`
    SELECT id::text, product_id::text, kind AS operation, quantity::text, on_hand_after::text, reason, created_by_id::text AS created_by, created_at
    FROM inventory_movement WHERE ${where} ORDER BY inventory_movement.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  const [{ n } = { n: 0 }] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM inventory_movement WHERE ${where}`;
  return {
    data: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    total: n,
    limit: q.limit,
    offset: q.offset,
  };
}
