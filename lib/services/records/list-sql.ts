import { Prisma } from "@/lib/db/generated/client.ts";
import type { FieldType } from "@/lib/schemas/fields.ts";
import type { Filter, FilterTarget, IndexValue, ListQuery } from "./query/index.ts";
import type { ObjectSchema, SchemaField } from "./object-schema.ts";
import { RECORD_COLUMNS } from "./record-store.ts";
import { exactColumn, slotColumn } from "@/lib/services/objects/slot-columns.ts";
import { exactKeyLookup, hasSlot, type SlottedField } from "./slots.ts";

/**
 * SQL for listing records, assembled only from parsed, typed pieces (values travel as bind
 * parameters; slot column names come from slot-columns.ts). Every condition is an equality or range on
 * a text, float8, timestamptz or uuid column of record (slot columns), record_value or
 * record_token — types whose comparison functions are leakproof — so each one can be an index
 * scan even under row-level security. `contains` on a slot is the leakproof `~~~` (LIKE served by a
 * trigram index); a needle too short for trigrams, or on record_value, is LIKE checked after the
 * policy. See storage.md.
 */
type Kind = "text" | "num" | "ts";

const KIND: Record<FieldType, Kind> = {
  text: "text",
  textarea: "text",
  email: "text",
  phone: "text",
  url: "text",
  select: "text",
  multiselect: "text",
  lookup: "text",
  number: "num",
  currency: "num",
  percent: "num",
  boolean: "num",
  date: "ts",
  datetime: "ts",
  formula: "num",
  rollup: "num",
};
const COLUMN: Record<Kind, Prisma.Sql> = { text: Prisma.raw("value_text"), num: Prisma.raw("value_num"), ts: Prisma.raw("value_ts") };
const SYSTEM: Record<string, Prisma.Sql> = {
  id: Prisma.raw("r.id"),
  owner_id: Prisma.raw("r.owner_id"),
  created_at: Prisma.raw("r.created_at"),
  updated_at: Prisma.raw("r.updated_at"),
};
const COMPARE: Record<string, Prisma.Sql> = {
  eq: Prisma.raw("="),
  gt: Prisma.raw(">"),
  lt: Prisma.raw("<"),
  gte: Prisma.raw(">="),
  lte: Prisma.raw("<="),
};

function operand(kind: Kind, v: IndexValue): Prisma.Sql {
  if (kind === "num") return Prisma.sql`${v.num}::float8`;
  if (kind === "ts") return Prisma.sql`${v.ts}::timestamptz`;
  return Prisma.sql`${v.text}::text`;
}

function schemaField(object: ObjectSchema, target: FilterTarget): SchemaField {
  if (target.kind !== "field") throw new Error("not a field target");
  return object.fields.find((f) => f.apiName === target.field.apiName)!;
}

function systemCondition(f: Filter & { target: { kind: "system" } }): Prisma.Sql {
  const col = SYSTEM[f.target.column]!;
  const isTime = f.target.column === "created_at" || f.target.column === "updated_at";
  const value = isTime ? Prisma.sql`${f.value?.ts}::timestamptz` : Prisma.sql`${f.value?.text}::uuid`;
  switch (f.op) {
    case "empty":
      return Prisma.sql`${col} IS NULL`;
    case "not_empty":
      return Prisma.sql`${col} IS NOT NULL`;
    case "neq":
      return Prisma.sql`${col} IS DISTINCT FROM ${value}`;
    default:
      return Prisma.sql`${col} ${COMPARE[f.op]!} ${value}`;
  }
}

type FieldFilter = Filter & { target: { kind: "field" } };
type SystemFilter = Filter & { target: { kind: "system" } };

/**
 * A numeric range, exact: the float range (leakproof, indexed) narrows to candidates. Rounding to
 * float is monotonic, so the widened bound never drops a match; only candidates whose float
 * equals the operand's are rechecked against the exact decimal key.
 */
function numericRange(num: Prisma.Sql, exact: Prisma.Sql, op: string, x: string): Prisma.Sql {
  const up = op === "gt" || op === "gte";
  return Prisma.sql`${num} ${Prisma.raw(up ? ">=" : "<=")} ${x}::float8
    AND (${num} ${Prisma.raw(up ? ">" : "<")} ${x}::float8 OR ${exact}::numeric ${COMPARE[op]!} ${x}::numeric)`;
}

const likeNeedle = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A needle with three letters or digits in a row always yields a trigram, in any database locale
 * (pg_trgm's words are runs of letters and digits, ASCII ones at least): `~~~` finds its candidates
 * in the slot's trigram index (migration contains_trigram_index). Shorter needles would make it
 * read the whole index, so they keep LIKE on the object's rows.
 */
const TRIGRAM_NEEDLE = /[a-z0-9]{3}/;

function slotContains(col: Prisma.Sql, needle: string): Prisma.Sql {
  const pattern = likeNeedle(needle);
  return TRIGRAM_NEEDLE.test(needle) ? Prisma.sql`${col} ~~~ ${pattern}` : Prisma.sql`${col} LIKE ${pattern}`;
}

/**
 * A filter on a slotted field is a condition on the record row itself: equality and ranges on the
 * slot are index scans of record, and several of them combine there (one index drives, the
 * others are checked on the rows it finds). Numbers: the float8 slot narrows (leakproof, indexed),
 * the exact key (x column) decides equality and ties at the float's rounding.
 */
function slotCondition(field: SlottedField, kind: Kind, f: FieldFilter): Prisma.Sql {
  const col = slotColumn(field);
  const v = f.value!;
  switch (f.op) {
    case "empty":
      return Prisma.sql`${col} IS NULL`;
    case "not_empty":
      return Prisma.sql`${col} IS NOT NULL`;
    case "contains":
      return slotContains(col, v.text!);
    case "eq":
      return kind === "num"
        ? Prisma.sql`${col} = ${v.num}::float8 AND ${exactColumn(field)} = ${v.text}::text`
        : Prisma.sql`${col} = ${operand(kind, v)}`;
    case "neq":
      return kind === "num"
        ? Prisma.sql`${exactColumn(field)} IS DISTINCT FROM ${v.text}::text`
        : Prisma.sql`${col} IS DISTINCT FROM ${operand(kind, v)}`;
    default: {
      const cmp = COMPARE[f.op]!;
      if (kind !== "num") return Prisma.sql`${col} ${cmp} ${operand(kind, v)}`;
      return numericRange(col, exactKeyLookup(field), f.op, v.num!);
    }
  }
}

/**
 * A filter on an unslotted field (record_value) either selects the ids of records having a matching value row ("ids", found
 * through the (tenant_id, field_id, value_*) indexes) or tests each record for lacking one
 * ("condition", probed through the primary key).
 */
function fieldFilter(tenantId: string, object: ObjectSchema, f: FieldFilter): { ids: Prisma.Sql } | { condition: Prisma.Sql } {
  const kind = KIND[f.target.field.type];
  const field = schemaField(object, f.target);
  if (hasSlot(field)) return { condition: slotCondition(field, kind, f) };
  const col = COLUMN[kind];
  const id = field.id;
  const matching = (predicate: Prisma.Sql) => ({ ids: matchingIds(tenantId, id, predicate) });
  const lacking = (predicate: Prisma.Sql) => ({
    condition: Prisma.sql`NOT EXISTS (SELECT 1 FROM (${valueRowsOf}) v WHERE v.field_id = ${id}::uuid AND ${predicate})`,
  });
  switch (f.op) {
    case "empty":
      return lacking(Prisma.sql`v.${col} IS NOT NULL`);
    case "not_empty":
      return matching(Prisma.sql`v.${col} IS NOT NULL`);
    case "neq":
      return lacking(equals(kind, f.value!));
    case "contains":
      return matching(Prisma.sql`v.value_text LIKE ${likeNeedle(f.value!.text!)}`);
    case "eq":
      return matching(equals(kind, f.value!));
    default: {
      const cmp = COMPARE[f.op]!;
      if (kind !== "num") return matching(Prisma.sql`v.${col} ${cmp} ${operand(kind, f.value!)}`);
      // The covering index carries value_text, so even the exact recheck stays index-only.
      return matching(numericRange(Prisma.raw("v.value_num"), Prisma.raw("v.value_text"), f.op, f.value!.num!));
    }
  }
}

/**
 * The value rows of the record `r`, read by the primary key's prefix (tenant_id, record_id): one
 * per unslotted field (and option). A probe of one field takes its rows from these (`WHERE
 * field_id = …` outside): asked for the field directly, the planner, without statistics, chose a
 * value index led by (tenant_id, field_id) and read the field's whole range for every record
 * (20,000 records: 9 s for a total). OFFSET 0 keeps that condition outside, and the subquery out
 * of any join the planner would reorder.
 */
const valueRowsOf = Prisma.sql`SELECT * FROM record_value v WHERE v.tenant_id = r.tenant_id AND v.record_id = r.id OFFSET 0`;

/** Numbers compare equal by their exact key (value_text), never by the float used for ranges. */
function equals(kind: Kind, v: IndexValue): Prisma.Sql {
  return kind === "num" ? Prisma.sql`v.value_text = ${v.text}::text` : Prisma.sql`v.${COLUMN[kind]} = ${operand(kind, v)}`;
}

function matchingIds(tenantId: string, fieldIdValue: string, predicate: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT v.record_id FROM record_value v WHERE v.tenant_id = ${tenantId}::uuid AND v.field_id = ${fieldIdValue}::uuid AND ${predicate}`;
}

/** Every word must start a word of the name: a range scan per term on record_token. */
function searchIds(tenantId: string, objectId: string, term: string): Prisma.Sql {
  return Prisma.sql`SELECT t.record_id FROM record_token t WHERE t.tenant_id = ${tenantId}::uuid AND t.object_id = ${objectId}::uuid
    AND ${tokenPrefix(term)}`;
}

/** The tokens `t` the term starts: a range in byte order (collation "C"). */
export const tokenPrefix = (term: string) => Prisma.sql`t.token >= ${term} AND t.token < ${`${term}\u{10FFFF}`}`;

/** The ids of every set, each once: one set deduplicated, several intersected. */
function idsInAll(sets: Prisma.Sql[]): Prisma.Sql {
  return sets.length === 1 ? Prisma.sql`SELECT DISTINCT record_id FROM (${sets[0]!}) s` : Prisma.join(sets, " INTERSECT ");
}

/** The records whose name has a word starting with every term (ids, each once). */
export const searchMatches = (tenantId: string, objectId: string, terms: string[]) =>
  idsInAll(terms.map((t) => searchIds(tenantId, objectId, t)));

/**
 * The rows a list selects, as `FROM … WHERE …` text to put after a select list. Filters and
 * search words that each select a set of ids (index-only range scans of record_token or
 * record_value) are evaluated first, once, in a MATERIALIZED CTE — intersected when there are
 * several, deduplicated when there is one — and only the matches are then looked up in record.
 * The CTE keeps the planner to that order whatever it believes of the tables' sizes: left to
 * itself, as `r.id IN (…)` or with the sets inside the join, it probed every record of the object
 * against a fresh scan of the set — a plan chosen when the tables had never been analyzed (20,000
 * contacts: 14 s for the total of a one-word search; 0.02 s this way), and with statistics when
 * intersecting (hundreds of milliseconds at 100k records). See storage.md, "Plans without statistics".
 */
interface MatchingRows {
  with: Prisma.Sql;
  from: Prisma.Sql;
  where: Prisma.Sql;
  /** The candidates are the CTE's matches, read by key: joins to them probe by key too. */
  byKey: boolean;
}

function matchingRows(tenantId: string, object: ObjectSchema, q: ListQuery): MatchingRows {
  const sets: Prisma.Sql[] = q.searchTerms.map((t) => searchIds(tenantId, object.id, t));
  const rest = [
    Prisma.sql`r.tenant_id = ${tenantId}::uuid`,
    Prisma.sql`r.object_id = ${object.id}::uuid`,
    q.trashed ? Prisma.sql`r.deleted_at IS NOT NULL` : Prisma.sql`r.deleted_at IS NULL`,
  ];
  for (const f of q.filters) {
    if (f.target.kind === "system") {
      rest.push(systemCondition(f as SystemFilter));
      continue;
    }
    const r = fieldFilter(tenantId, object, f as FieldFilter);
    if ("ids" in r) sets.push(r.ids);
    else rest.push(r.condition);
  }
  if (!sets.length) return { with: Prisma.empty, from: Prisma.sql`record r`, where: Prisma.join(rest, " AND "), byKey: false };
  // A record may have several rows in one set (two words of its name with the prefix, options).
  return {
    with: Prisma.sql`WITH m AS MATERIALIZED (${idsInAll(sets)}) `,
    from: Prisma.sql`m CROSS JOIN LATERAL (${byKey(Prisma.sql`SELECT * FROM record r WHERE r.tenant_id = ${tenantId}::uuid AND r.id = m.record_id`)}) r`,
    where: Prisma.join(rest, " AND "),
    byKey: true,
  };
}

/**
 * A lookup by key for each row of the side before it (a LATERAL subquery). OFFSET 0 keeps the
 * planner from merging it into a join it may reorder: without statistics it read the object's
 * records once per match instead (20,000 records: 9 s for a total), believing they were one row.
 */
const byKey = (lookup: Prisma.Sql) => Prisma.sql`${lookup} OFFSET 0`;

/**
 * The order field's key and, for an unslotted field, the join to its value row: for the CTE's
 * matches a probe of each by key; otherwise a join the planner may drive from the value index, in
 * the order's order, so that a page stops after `limit` rows.
 */
function fieldOrderKey(object: ObjectSchema, q: ListQuery, m: MatchingRows): { key: Prisma.Sql; join: Prisma.Sql } {
  const field = schemaField(object, q.order.target);
  if (hasSlot(field)) return { key: slotColumn(field), join: Prisma.empty };
  const theField = Prisma.sql`s.field_id = ${field.id}::uuid AND s.ordinal = 0`;
  return {
    key: Prisma.sql`s.${COLUMN[KIND[field.type]]}`,
    join: m.byKey
      ? Prisma.sql`JOIN LATERAL (${valueRowsOf}) s ON ${theField}`
      : Prisma.sql`JOIN record_value s ON s.tenant_id = r.tenant_id AND s.record_id = r.id AND ${theField}`,
  };
}

export const direction = (q: ListQuery) => Prisma.raw(q.order.direction === "desc" ? "DESC" : "ASC");

/**
 * The page, ordered along an index: a system column, or the order field's slot or value row. Records
 * whose order field is empty come after all the others in either direction (emptyTailQuery): the slot
 * indexes hold only present values (migration partial_slot_indexes), so this statement reads the
 * present ones along the index, `ORDER BY key, id`.
 */
export function pageQuery(tenantId: string, object: ObjectSchema, q: ListQuery): Prisma.Sql {
  const dir = direction(q);
  const m = matchingRows(tenantId, object, q);
  const head = Prisma.sql`${m.with}SELECT ${RECORD_COLUMNS} FROM ${m.from}`;
  const tail = (key: Prisma.Sql, nulls = Prisma.empty) =>
    Prisma.sql`ORDER BY ${key} ${dir}${nulls}, r.id ${dir} LIMIT ${q.limit} OFFSET ${q.offset}`;
  if (q.order.target.kind === "system") {
    // owner_id is the one system column that can be empty (no index orders it: a sort either way).
    const nulls = q.order.target.column === "owner_id" ? Prisma.raw(" NULLS LAST") : Prisma.empty;
    return Prisma.sql`${head} WHERE ${m.where} ${tail(SYSTEM[q.order.target.column]!, nulls)}`;
  }
  const { key, join } = fieldOrderKey(object, q, m);
  return Prisma.sql`${head} ${join} WHERE ${m.where} AND ${key} IS NOT NULL ${tail(key)}`;
}

/**
 * For a field order: the matching records whose order field is empty, by id in the order's direction,
 * `offset` and `limit` counted among them alone. They follow the page of present values, so they are
 * read only by a page that reaches past its end (readRecordPage).
 */
export function emptyTailQuery(tenantId: string, object: ObjectSchema, q: ListQuery, offset: number, limit: number): Prisma.Sql {
  const m = matchingRows(tenantId, object, q);
  const { key, join } = fieldOrderKey(object, q, m);
  return Prisma.sql`${m.with}SELECT ${RECORD_COLUMNS} FROM ${m.from} ${join}
    WHERE ${m.where} AND ${key} IS NULL ORDER BY r.id ${direction(q)} LIMIT ${limit} OFFSET ${offset}`;
}

/** For a field order: how many matching records have the order field present (where their part of the list ends). */
export function presentCountQuery(tenantId: string, object: ObjectSchema, q: ListQuery): Prisma.Sql {
  const m = matchingRows(tenantId, object, q);
  const { key, join } = fieldOrderKey(object, q, m);
  return Prisma.sql`${m.with}SELECT count(*)::int AS total FROM ${m.from} ${join} WHERE ${m.where} AND ${key} IS NOT NULL`;
}

export function countQuery(tenantId: string, object: ObjectSchema, q: ListQuery): Prisma.Sql {
  const m = matchingRows(tenantId, object, q);
  return Prisma.sql`${m.with}SELECT count(*)::int AS total FROM ${m.from} WHERE ${m.where}`;
}
