import type { SqlTx } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { countQuery, pageQuery } from "./list-sql.ts";
import type { ObjectSchema } from "./object-schema.ts";
import type { ListQuery } from "./query/index.ts";
import { findRecords, toStored, type RecordRow } from "./record-store.ts";
import { toApiRecords, type ApiRecord } from "./serialize.ts";

export async function getRecord(tx: SqlTx, tenantId: string, object: ObjectSchema, id: string): Promise<ApiRecord> {
  const [record] = isUuid(id) ? await findRecords(tx, tenantId, object.id, [id.toLowerCase()]) : [];
  if (!record) throw notFound(`Record '${id}'`);
  const [api] = await toApiRecords(tx, tenantId, object, [record]);
  return api!;
}

export interface RecordPage {
  data: ApiRecord[];
  total: number;
  limit: number;
  offset: number;
}

/** One page and the exact total of matches; the count query is skipped when the page itself shows the end. */
export async function listRecords(tx: SqlTx, tenantId: string, object: ObjectSchema, q: ListQuery): Promise<RecordPage> {
  const rows = await tx.$queryRaw<RecordRow[]>(pageQuery(tenantId, object, q));
  const total = rows.length < q.limit && (q.offset === 0 || rows.length > 0) ? q.offset + rows.length : (await tx.$queryRaw<{ total: number }[]>(countQuery(tenantId, object, q)))[0]!.total;
  return { data: await toApiRecords(tx, tenantId, object, rows.map(toStored)), total, limit: q.limit, offset: q.offset };
}
