/**
 * The statements the record builders put together at run time, prepared against the migrated
 * schema over every way they vary (issue 35 item 2; sql-statements.test.ts prepares the ones the
 * source spells out): every filter operator on every field type and system column, in slot columns
 * and in record_value rows, each order both ways, searches alone and with filters, the trash, and
 * the staged inserts, updates and unique claims of every object. PREPARE parses and analyses a
 * statement without running it, on both engines.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { countQuery, emptyTailQuery, pageQuery, presentCountQuery } from "@/lib/services/records/list-sql.ts";
import { listObjectSummaries, loadObjectSchema, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery, type ListQuery } from "@/lib/services/records/query/index.ts";
import { FILTER_OPERATORS } from "@/lib/services/records/query/types.ts";
import { claimStatement, stageInserts, stageUpdates } from "@/lib/services/records/record-store.ts";
import { searchCountQuery, searchWalkQuery } from "@/lib/services/records/search-sql.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { ALL_TYPE_FIELDS, createCustomObject, STORAGES } from "../records/helpers.ts";

const SYSTEM_COLUMNS = ["id", "owner_id", "created_at", "updated_at"];

/** An operand each type accepts (the statement's shape depends on the type, not the value). */
function operandFor(type: string | undefined, field: FieldDescription | undefined): string {
  switch (type) {
    case "number":
    case "percent":
      return "5";
    case "currency":
      return "1.5";
    case "date":
      return "2024-01-15";
    case "datetime":
    case "created_at":
    case "updated_at":
      return "2024-01-15T10:00:00Z";
    case "boolean":
      return "true";
    case "select":
    case "multiselect":
      return field?.options?.[0]?.value ?? "a";
    case "lookup":
    case "id":
    case "owner_id":
      return randomUUID();
    default:
      return "ab";
  }
}

function listQuery(
  object: ObjectSchema,
  params: { filter?: string[]; order?: string; search?: string; trashed?: boolean },
): ListQuery | null {
  try {
    return parseListQuery(object.fields, {
      limit: 50,
      offset: 0,
      filter: params.filter ?? [],
      order: params.order,
      search: params.search,
      trashed: params.trashed ?? false,
    });
  } catch (err) {
    // A combination the API refuses (contains on a number, an order on a multiselect…) issues no statement.
    if (isAppError(err)) return null;
    throw err;
  }
}

/** Every filter the API accepts on the object: each operator on each field and system column. */
function everyFilter(object: ObjectSchema): string[] {
  const targets = [
    ...object.fields.map((f) => ({ name: f.apiName, type: f.type as string, field: f })),
    ...SYSTEM_COLUMNS.map((c) => ({ name: c, type: c, field: undefined })),
  ];
  return targets.flatMap((t) =>
    FILTER_OPERATORS.map((op) =>
      op === "empty" || op === "not_empty" ? `${t.name}:${op}` : `${t.name}:${op}:${operandFor(t.type, t.field)}`,
    ),
  );
}

function listStatements(tenantId: string, object: ObjectSchema): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  const add = (q: ListQuery | null) => {
    if (!q) return;
    out.push(pageQuery(tenantId, object, q), countQuery(tenantId, object, q));
    if (q.order.target.kind !== "system") out.push(emptyTailQuery(tenantId, object, q, 0, 50), presentCountQuery(tenantId, object, q));
  };
  const filters = everyFilter(object).filter((f) => listQuery(object, { filter: [f] }));
  for (const f of filters) add(listQuery(object, { filter: [f] }));
  // Filters together (the intersection of index probes), with a search, and in the trash.
  add(listQuery(object, { filter: filters.slice(0, 3) }));
  add(listQuery(object, { filter: filters.slice(-3) }));
  add(listQuery(object, { filter: filters.slice(0, 2), search: "ab cd" }));
  add(listQuery(object, { search: "ab", trashed: true }));
  for (const f of [...object.fields.map((x) => x.apiName), ...SYSTEM_COLUMNS])
    for (const dir of ["asc", "desc"]) {
      add(listQuery(object, { order: `${f}:${dir}` }));
      add(listQuery(object, { order: `${f}:${dir}`, filter: filters.slice(0, 1), search: "ab" }));
    }
  const search = listQuery(object, { search: "ab cd" })!;
  out.push(searchCountQuery(tenantId, object.id, search.searchTerms));
  for (const order of ["created_at", "updated_at"] as const) out.push(searchWalkQuery(tenantId, object.id, search, order, 1_000));
  return out;
}

/** A value of every field, as the write path stores it. */
function fullRecord(object: ObjectSchema): Record<string, unknown> {
  const value = (f: FieldDescription): unknown => {
    const raw = operandFor(f.type, f);
    if (f.type === "multiselect") return [raw];
    if (f.type === "number" || f.type === "percent") return Number(raw);
    if (f.type === "boolean") return true;
    return raw;
  };
  return Object.fromEntries(object.fields.filter((f) => !f.readOnly).map((f) => [f.apiName, value(f)]));
}

function writeStatements(tenantId: string, object: ObjectSchema): Prisma.Sql[] {
  const stamp = new Date();
  const data = fullRecord(object);
  const id = randomUUID();
  const inserted = stageInserts(
    tenantId,
    object,
    randomUUID(),
    [
      { id, data },
      { id: randomUUID(), data },
    ],
    stamp,
  );
  const changed = new Set(Object.keys(data));
  const updated = stageUpdates(tenantId, object, [{ current: inserted.stored[0]!, data: { ...data, name: "renamed" }, changed }], stamp);
  const claim = { fieldId: randomUUID(), field: "name", value: "x", recordId: id };
  return [
    ...inserted.statements,
    ...(updated.prelude ? [updated.prelude] : []),
    ...updated.statements,
    claimStatement(tenantId, [claim]),
    claimStatement(tenantId, [claim], [claim]),
  ].filter((s): s is Prisma.Sql => s !== undefined);
}

/** PREPARE (parse and analyse, not run) each statement; the ones that fail, with why. */
async function unpreparable(tenantId: string, statements: Prisma.Sql[]): Promise<string[]> {
  const failures: string[] = [];
  const distinct = [...new Map(statements.map((s) => [s.text, s])).values()];
  await withTenantSql(tenantId, async (tx) => {
    for (const s of distinct) {
      await tx.$executeRaw`SAVEPOINT b`;
      try {
        await tx.$executeRaw(Prisma.raw(`PREPARE b AS ${s.text}`));
        await tx.$executeRaw`DEALLOCATE b`;
        await tx.$executeRaw`RELEASE SAVEPOINT b`;
      } catch (err) {
        failures.push(`${(err as Error).message}\n    ${s.text.replace(/\s+/g, " ").trim().slice(0, 400)}`);
        await tx.$executeRaw`ROLLBACK TO SAVEPOINT b`;
      }
    }
  });
  return failures;
}

describe.each(STORAGES)("run-time statements, values in $name", ({ fillers }) => {
  let t: TestTenant;
  let objects: ObjectSchema[];

  beforeAll(async () => {
    t = await createTestTenant("sqlb");
    await createCustomObject(t, "gadget", [...fillers, ...ALL_TYPE_FIELDS]);
    objects = await withTenantSql(t.tenantId, async (tx) => {
      const loaded: ObjectSchema[] = [];
      for (const o of await listObjectSummaries(tx, t.tenantId)) loaded.push(await loadObjectSchema(tx, t.tenantId, o.apiName));
      return loaded;
    });
  }, 60_000);

  it("list pages, counts and searches prepare for every filter, order and search of every object", async () => {
    const statements = objects.flatMap((o) => listStatements(t.tenantId, o));
    expect(statements.length).toBeGreaterThan(1_000);
    expect(await unpreparable(t.tenantId, statements)).toEqual([]);
  }, 120_000);

  it("staged inserts, updates and unique claims prepare for every object", async () => {
    const statements = objects.flatMap((o) => writeStatements(t.tenantId, o));
    expect(await unpreparable(t.tenantId, statements)).toEqual([]);
  }, 60_000);

  it("a statement naming a column that does not exist is reported, not passed", async () => {
    const failures = await unpreparable(t.tenantId, [Prisma.sql`SELECT r.nmae FROM record r WHERE r.tenant_id = ${t.tenantId}::uuid`]);
    expect(failures).toEqual([expect.stringMatching(/column r\.nmae does not exist/)]);
  });
});
