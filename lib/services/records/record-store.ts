import { Prisma } from "@/lib/db/generated/client.ts";
import { prepared, preparedByText, type SqlTx } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import type { ObjectSchema } from "./object-schema.ts";
import { nameTokens, unslottedFields, valueRows, type UniqueClaim, type ValueRow } from "./index-rows.ts";
import { countsUpdate } from "./record-counts.ts";
import { recordName } from "./record-name.ts";
import { slotColumnValues } from "./slots.ts";

/**
 * Set-based SQL for record rows (with their slot columns) and index rows: one statement per table however many
 * records a request writes (unnest of parallel arrays), never one round trip per record.
 */
export interface StoredRecord {
  id: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A record row as the queries below select it (RECORD_COLUMNS). */
export interface RecordRow {
  id: string;
  owner_id: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export const RECORD_COLUMNS = Prisma.sql`r.id::text, r.owner_id::text, r.data, r.created_at, r.updated_at, r.deleted_at`;

export const toStored = (r: RecordRow): StoredRecord => ({
  id: r.id,
  ownerId: r.owner_id,
  data: r.data,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  deletedAt: r.deleted_at,
});

function valueRowsInsert(tenantId: string, rows: ValueRow[]): Prisma.Sql | undefined {
  if (!rows.length) return undefined;
  return Prisma.sql`
    INSERT INTO record_value (tenant_id, record_id, field_id, ordinal, value_text, value_num, value_ts)
    SELECT ${tenantId}::uuid, u.record_id, u.field_id, u.ordinal, u.value_text, u.value_num, u.value_ts
    FROM unnest(${rows.map((r) => r.recordId)}::uuid[], ${rows.map((r) => r.fieldId)}::uuid[], ${rows.map((r) => r.ordinal)}::int[],
                ${rows.map((r) => r.text)}::text[], ${rows.map((r) => r.num)}::float8[], ${rows.map((r) => r.ts?.toISOString() ?? null)}::timestamptz[])
      AS u(record_id, field_id, ordinal, value_text, value_num, value_ts)`;
}

const tokenPairs = (records: { id: string; name: string }[]) =>
  records.flatMap((r) => nameTokens(r.name).map((token) => [r.id, token] as const));

/**
 * The name tokens of these records. A record's tokens already stored are left alone (ON CONFLICT):
 * with tokensPrune in the same statement, a rename rewrites only the words that changed.
 */
function tokensInsert(tenantId: string, objectId: string, records: { id: string; name: string }[]): Prisma.Sql | undefined {
  const pairs = tokenPairs(records);
  if (!pairs.length) return undefined;
  return Prisma.sql`
    INSERT INTO record_token (tenant_id, object_id, token, record_id)
    SELECT ${tenantId}::uuid, ${objectId}::uuid, u.token, u.record_id
    FROM unnest(${pairs.map((p) => p[1])}::text[], ${pairs.map((p) => p[0])}::uuid[]) AS u(token, record_id)
    ON CONFLICT DO NOTHING`;
}

/** Deletes the tokens of these records that their new names no longer have. */
function tokensPrune(tenantId: string, records: { id: string; name: string }[]): Prisma.Sql {
  const kept = tokenPairs(records);
  return Prisma.sql`
    DELETE FROM record_token t WHERE t.tenant_id = ${tenantId}::uuid AND t.record_id = ANY(${records.map((r) => r.id)}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM unnest(${kept.map((p) => p[0])}::uuid[], ${kept.map((p) => p[1])}::text[]) AS k(record_id, token)
                      WHERE k.record_id = t.record_id AND k.token = t.token)`;
}

/**
 * Several data-modifying statements as one (WITH … AS (INSERT …), … SELECT): one round trip. They
 * run on one snapshot and none sees another's rows, so they must not touch the same rows.
 */
export function oneStatement(parts: (Prisma.Sql | undefined)[]): Prisma.Sql | undefined {
  const present = parts.filter((p): p is Prisma.Sql => p !== undefined);
  if (present.length <= 1) return present[0] && preparedByText(present[0]);
  return preparedByText(
    Prisma.sql`WITH ${Prisma.join(
      present.map((p, i) => Prisma.sql`${Prisma.raw(`w${i}`)} AS (${p})`),
      ", ",
    )} SELECT 1`,
  );
}

export interface NewRecord {
  id: string;
  data: Record<string, unknown>;
}

/** The rows to write as `unnest(ids, data, names, one array per slot column) AS u(...)`. */
function recordSource(object: ObjectSchema, records: { id: string; data: Record<string, unknown> }[]) {
  const names = records.map((r) => recordName(r.data));
  const slots = slotColumnValues(object, records);
  const arrays = [
    Prisma.sql`${records.map((r) => r.id)}::uuid[]`,
    Prisma.sql`${records.map((r) => JSON.stringify(r.data))}::jsonb[]`,
    Prisma.sql`${names}::text[]`,
    ...slots.map((c) => Prisma.sql`${c.values}::${Prisma.raw(c.arrayType)}`),
  ];
  const columns = ["id", "data", "name", ...slots.map((c) => c.column)].join(", ");
  return { names, slots, source: Prisma.sql`unnest(${Prisma.join(arrays)}) AS u(${Prisma.raw(columns)})` };
}

/**
 * A write staged as SQL: `prelude` (if any) must run first, as its own statement; `statements` can
 * run together (oneStatement). `stored` are the rows as they will be, in the order given.
 */
export interface StagedWrite {
  prelude?: Prisma.Sql;
  statements: (Prisma.Sql | undefined)[];
  stored: StoredRecord[];
}

/** New records (slot columns filled), their value rows and name tokens, all stamped `stamp`. */
export function stageInserts(
  tenantId: string,
  object: ObjectSchema,
  ownerId: string | null,
  records: NewRecord[],
  stamp: Date,
): StagedWrite {
  if (!records.length) return { statements: [], stored: [] };
  const { names, slots, source } = recordSource(object, records);
  const slotNames = slots.map((c) => Prisma.raw(`, ${c.column}`));
  const slotValues = slots.map((c) => Prisma.raw(`, u.${c.column}`));
  return {
    statements: [
      Prisma.sql`
        INSERT INTO record (tenant_id, id, object_id, owner_id, data, name, created_at, updated_at${Prisma.join(slotNames, "")})
        SELECT ${tenantId}::uuid, u.id, ${object.id}::uuid, ${ownerId}::uuid, u.data, u.name, ${stamp}, ${stamp}${Prisma.join(slotValues, "")}
        FROM ${source}`,
      valueRowsInsert(
        tenantId,
        records.flatMap((r) => valueRows(object, r.id, r.data)),
      ),
      tokensInsert(
        tenantId,
        object.id,
        records.map((r, i) => ({ id: r.id, name: names[i]! })),
      ),
      countsUpdate(
        tenantId,
        object.id,
        names.map((after) => ({ after })),
      ),
    ],
    stored: records.map((r) => ({ id: r.id, ownerId, data: r.data, createdAt: stamp, updatedAt: stamp, deletedAt: null })),
  };
}

/**
 * Rewrites data and slot columns of existing live records (`current`: as locked before), the value
 * rows of their changed unslotted fields (the old ones deleted by the prelude) and, for a changed
 * name, the words that changed.
 */
export function stageUpdates(
  tenantId: string,
  object: ObjectSchema,
  records: { current: StoredRecord; data: Record<string, unknown>; changed: Set<string> }[],
  stamp: Date,
): StagedWrite {
  if (!records.length) return { statements: [], stored: [] };
  const rows = records.map((r) => ({ id: r.current.id, data: r.data, changed: r.changed }));
  const { slots, source } = recordSource(object, rows);
  const update = Prisma.sql`
    UPDATE record r SET data = u.data, name = u.name, updated_at = ${stamp}${Prisma.join(
      slots.map((c) => Prisma.raw(`, ${c.column} = u.${c.column}`)),
      "",
    )}
    FROM ${source}
    WHERE r.tenant_id = ${tenantId}::uuid AND r.id = u.id`;
  const pairs = rows.flatMap((r) =>
    unslottedFields(object)
      .filter((f) => r.changed.has(f.apiName))
      .map((f) => [r.id, f.id] as const),
  );
  const prelude = pairs.length
    ? Prisma.sql`
      DELETE FROM record_value v USING unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]) AS u(record_id, field_id)
      WHERE v.tenant_id = ${tenantId}::uuid AND v.record_id = u.record_id AND v.field_id = u.field_id`
    : undefined;
  const renaming = records.filter((r) => r.changed.has("name") || r.changed.has("first_name") || r.changed.has("last_name"));
  const renamed = renaming.map((r) => ({ id: r.current.id, name: recordName(r.data) }));
  const names = renaming.map((r, i) => ({ before: recordName(r.current.data), after: renamed[i]!.name }));
  return {
    prelude,
    statements: [
      update,
      valueRowsInsert(
        tenantId,
        rows.flatMap((r) => valueRows(object, r.id, r.data, r.changed)),
      ),
      renamed.length ? tokensPrune(tenantId, renamed) : undefined,
      tokensInsert(tenantId, object.id, renamed),
      countsUpdate(tenantId, object.id, names),
    ],
    stored: records.map((r) => ({ ...r.current, data: r.data, updatedAt: stamp })),
  };
}

type FindOptions = { trashed?: boolean; lock?: boolean };

/** The statement findRecords runs. */
export function findRecordsStatement(tenantId: string, objectId: string, ids: string[], opts: FindOptions = {}): Prisma.Sql {
  return prepared(
    opts.lock ? "find_records_for_update" : "find_records",
    // The ids are looked up by the primary key alone (OFFSET 0 keeps the object's condition out of the
    // scan): with `object_id` beside them, a planner without statistics took the object's
    // (tenant_id, object_id, updated_at, id) index and read all its entries for one id (240 ms at 300k
    // records; storage.md, "Plans without statistics").
    Prisma.sql`
      SELECT ${RECORD_COLUMNS} FROM (SELECT * FROM record WHERE tenant_id = ${tenantId}::uuid AND id = ANY(${ids}::uuid[]) OFFSET 0) r
      WHERE r.object_id = ${objectId}::uuid AND (r.deleted_at IS NOT NULL) = ${opts.trashed ?? false}
      ${opts.lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`,
  );
}

/** Live (or trashed) records of an object by id, locked for update when `lock` is set. */
export async function findRecords(
  tx: SqlTx,
  tenantId: string,
  objectId: string,
  ids: string[],
  opts: FindOptions = {},
): Promise<StoredRecord[]> {
  if (!ids.length) return [];
  return (await tx.$queryRaw<RecordRow[]>(findRecordsStatement(tenantId, objectId, ids, opts))).map(toStored);
}

/** The statement findRecord runs for a client-given id, or none when the id cannot be a record's. */
export function findRecordStatement(tenantId: string, objectId: string, id: string, opts: FindOptions = {}): Prisma.Sql | undefined {
  return isUuid(id) ? findRecordsStatement(tenantId, objectId, [id.toLowerCase()], opts) : undefined;
}

export type FindRecordOptions = FindOptions & {
  tenantId: string;
  objectId: string;
  /** As the client gave it: any string. */
  id: string;
  /** The name the 404 gives it ("Record", "Trashed record", "Opportunity"). */
  what: string;
};

/** One record by a client-given id (any string), or 404 with `what` as the name. */
export async function findRecord(tx: SqlTx, { tenantId, objectId, id, what, ...opts }: FindRecordOptions): Promise<StoredRecord> {
  const statement = findRecordStatement(tenantId, objectId, id, opts);
  const [record] = statement ? (await tx.$queryRaw<RecordRow[]>(statement)).map(toStored) : [];
  if (!record) throw notFound(`${what} '${id}'`);
  return record;
}

export interface SetTrashedOptions {
  tenantId: string;
  objectId: string;
  record: StoredRecord;
  /** true: to the trash; false: back from it. */
  trashed: boolean;
  stamp: Date;
}

/**
 * To the trash (deleted_at = stamp) or back from it (which counts as an update), with the object's
 * counts of live records, in one statement. Only a record in the other state changes (and counts):
 * one already there is left alone.
 */
export async function setTrashed(
  tx: SqlTx,
  { tenantId, objectId, record, trashed, stamp }: SetTrashedOptions,
): Promise<StoredRecord | undefined> {
  const name = recordName(record.data);
  const change = trashed ? { before: name } : { after: name };
  const rows = await tx.$queryRaw<RecordRow[]>`
    WITH r AS (
      UPDATE record r SET deleted_at = ${trashed ? stamp : null}::timestamptz, updated_at = ${trashed ? Prisma.sql`r.updated_at` : Prisma.sql`${stamp}`}
      WHERE r.tenant_id = ${tenantId}::uuid AND r.id = ${record.id}::uuid AND r.object_id = ${objectId}::uuid AND (r.deleted_at IS NULL) = ${trashed}
      RETURNING r.*
    ), counted AS (${countsUpdate(tenantId, objectId, [change], Prisma.sql`EXISTS (SELECT 1 FROM r)`)!})
    SELECT ${RECORD_COLUMNS} FROM r`;
  return rows[0] ? toStored(rows[0]) : undefined;
}

/**
 * The statement that claims unique values (at least one), giving up `releasing` in the same
 * statement; it answers the claims won. ON CONFLICT waits for a concurrent claimant to commit or
 * roll back, so exactly one of two racing writers wins.
 */
export function claimStatement(tenantId: string, claims: UniqueClaim[], releasing: UniqueClaim[] = []): Prisma.Sql {
  const release = releasing.length ? Prisma.sql`WITH released AS (${claimsDelete(tenantId, releasing)}) ` : Prisma.empty;
  return preparedByText(Prisma.sql`
    ${release}INSERT INTO record_unique (tenant_id, field_id, value, record_id)
    SELECT ${tenantId}::uuid, u.field_id, u.value, u.record_id
    FROM unnest(${claims.map((c) => c.fieldId)}::uuid[], ${claims.map((c) => c.value)}::text[], ${claims.map((c) => c.recordId)}::uuid[])
      AS u(field_id, value, record_id)
    ON CONFLICT DO NOTHING
    RETURNING field_id::text, value, record_id::text`);
}

/** The claims claimStatement did not win: someone else already holds them. */
export function lostClaims(claims: UniqueClaim[], won: unknown[]): UniqueClaim[] {
  // Keyed by record too: when two claims of one request share a value, only the inserted one won.
  const key = (fieldId: string, value: string, recordId: string) => `${fieldId}\u0000${value}\u0000${recordId}`;
  const wonKeys = new Set(
    (won as { field_id: string; value: string; record_id: string }[]).map((w) => key(w.field_id, w.value, w.record_id)),
  );
  return claims.filter((c) => !wonKeys.has(key(c.fieldId, c.value, c.recordId)));
}

/** Claims unique values, giving up `releasing` in the same statement; returns the claims someone else already holds. */
export async function claimUniques(
  tx: SqlTx,
  tenantId: string,
  claims: UniqueClaim[],
  releasing: UniqueClaim[] = [],
): Promise<UniqueClaim[]> {
  if (!claims.length) {
    await deleteClaims(tx, tenantId, releasing);
    return [];
  }
  return lostClaims(claims, await tx.$queryRaw<unknown[]>(claimStatement(tenantId, claims, releasing)));
}

/** Gives up every claim of these records. */
export async function releaseUniques(tx: SqlTx, tenantId: string, recordIds: string[]): Promise<void> {
  if (!recordIds.length) return;
  await tx.$executeRaw`DELETE FROM record_unique WHERE tenant_id = ${tenantId}::uuid AND record_id = ANY(${recordIds}::uuid[])`;
}

const claimsDelete = (tenantId: string, claims: UniqueClaim[]) => Prisma.sql`
  DELETE FROM record_unique c USING unnest(${claims.map((c) => c.fieldId)}::uuid[], ${claims.map((c) => c.value)}::text[], ${claims.map((c) => c.recordId)}::uuid[])
    AS u(field_id, value, record_id)
  WHERE c.tenant_id = ${tenantId}::uuid AND c.field_id = u.field_id AND c.value = u.value AND c.record_id = u.record_id`;

/** Removes exactly these claims (field, value, record). */
export async function deleteClaims(tx: SqlTx, tenantId: string, claims: UniqueClaim[]): Promise<void> {
  if (claims.length) await tx.$executeRaw(claimsDelete(tenantId, claims));
}
