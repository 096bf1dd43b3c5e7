/**
 * MCP/REST parity cases of the records operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. Tool arguments are typed (numbers,
 * booleans, `filters` arrays) where REST has query strings, and tool pages hold 20 rows by default
 * where REST's hold 50: the cases say the same thing in each surface's words.
 */
import { expect } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";

const OBJECT = "company";
const MISSING_ID = "01890000-0000-7000-8000-000000000000";

interface Ctx {
  /** The key both surfaces use, on company records. */
  api: RecordsApi;
  /** A company record of another tenant: never visible here. */
  foreignId: string;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  const other = await createTestTenant("parity-other");
  const foreign = await new RecordsApi(await bigKey(other), OBJECT).mustCreate({ name: "Parity Foreign" });
  return { api: new RecordsApi(key, OBJECT), foreignId: foreign.id };
}

/** Companies named for the parity tests, created through REST. */
async function prepareWith(t: TestTenant, key: string, names: string[]): Promise<Ctx & { records: ApiRecord[] }> {
  const ctx = await prepare(t, key);
  const records: ApiRecord[] = [];
  for (const name of names) records.push(await ctx.api.mustCreate({ name, employees: 10 }));
  return { ...ctx, records };
}

/** A record without what differs between two records created alike: id and timestamps. */
function alike(record: unknown): Record<string, unknown> {
  const { id, created_at, updated_at, ...rest } = record as ApiRecord;
  expect(
    [id, created_at, updated_at].every((v) => typeof v === "string"),
    JSON.stringify(record),
  ).toBe(true);
  return rest;
}
const sameRecordButIdentity = (rest: unknown, tool: unknown) => expect(alike(tool)).toEqual(alike(rest));

/** One live company per context, the same for both surfaces (the message names its id). */
const lives = new WeakMap<Ctx, Promise<string>>();
const live = (c: Ctx): Promise<string> => {
  if (!lives.has(c))
    lives.set(
      c,
      c.api.mustCreate({ name: "Parity Live" }).then((r) => r.id),
    );
  return lives.get(c)!;
};

/** A company of its own, moved to the trash: its id. */
async function trashed(c: Ctx): Promise<string> {
  const { id } = await c.api.mustCreate({ name: "Parity Restored" });
  expect((await c.api.remove(id)).status).toBe(204);
  return id;
}

const noIds = (body: unknown) => {
  const { results, ...totals } = body as { results: Record<string, unknown>[] };
  return { ...totals, results: results.map(({ id: _id, ...item }) => item) };
};

export const recordsParity: ParityTable = {
  "records.list": parity({
    prepare: (t, key) => prepareWith(t, key, ["Parity A", "Parity B", "Parity C", "Other D"]),
    cases: [
      {
        name: "search, order, filters and paging",
        status: 200,
        rest: () => ({
          path: `/${OBJECT}`,
          query: { search: "parity", order: "name:asc", limit: "2", offset: "1", filter: ["name:contains:parity"] },
        }),
        mcp: () => ({ object: OBJECT, search: "parity", order: "name:asc", limit: 2, offset: 1, filters: ["name:contains:parity"] }),
      },
      {
        name: "the tool's default page is REST's limit=20",
        status: 200,
        rest: () => ({ path: `/${OBJECT}`, query: { limit: "20" } }),
        mcp: () => ({ object: OBJECT }),
      },
      {
        name: "the trash",
        status: 200,
        rest: () => ({ path: `/${OBJECT}`, query: { trashed: "true", limit: "20" } }),
        mcp: () => ({ object: OBJECT, trashed: true }),
      },
      {
        name: "limit 0",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, query: { limit: "0" } }),
        mcp: () => ({ object: OBJECT, limit: 0 }),
      },
      {
        name: "limit over 500",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, query: { limit: "501" } }),
        mcp: () => ({ object: OBJECT, limit: 501 }),
      },
      {
        name: "more than 12 filters",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, query: { filter: Array.from({ length: 13 }, () => "name:eq:x") } }),
        mcp: () => ({ object: OBJECT, filters: Array.from({ length: 13 }, () => "name:eq:x") }),
      },
      {
        name: "a filter on an unknown field",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, query: { filter: "nope:eq:1" } }),
        mcp: () => ({ object: OBJECT, filters: ["nope:eq:1"] }),
      },
      { name: "an unknown object", status: 404, rest: () => ({ path: "/nothing_here" }), mcp: () => ({ object: "nothing_here" }) },
    ],
  }),

  "records.create": parity({
    prepare,
    cases: [
      {
        name: "a company",
        status: 201,
        rest: () => ({
          path: `/${OBJECT}`,
          body: { name: "Parity New", employees: 5, domain: "https://example.com", annual_revenue: "1000.50" },
        }),
        mcp: () => ({
          object: OBJECT,
          values: { name: "Parity New", employees: 5, domain: "https://example.com", annual_revenue: "1000.50" },
        }),
        compare: sameRecordButIdentity,
      },
      {
        name: "an unknown field",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, body: { name: "X", nope: 1 } }),
        mcp: () => ({ object: OBJECT, values: { name: "X", nope: 1 } }),
      },
      {
        name: "a value the field refuses",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, body: { name: "X", domain: "not a url" } }),
        mcp: () => ({ object: OBJECT, values: { name: "X", domain: "not a url" } }),
      },
      {
        name: "a missing required field",
        status: 400,
        rest: () => ({ path: `/${OBJECT}`, body: { employees: 1 } }),
        mcp: () => ({ object: OBJECT, values: { employees: 1 } }),
      },
      {
        name: "an unknown object",
        status: 404,
        rest: () => ({ path: "/nothing_here", body: { name: "X" } }),
        mcp: () => ({ object: "nothing_here", values: { name: "X" } }),
      },
    ],
  }),

  "records.get": parity({
    prepare: (t, key) => prepareWith(t, key, ["Parity Get"]),
    cases: [
      {
        name: "a record",
        status: 200,
        rest: (c) => ({ path: `/${OBJECT}/${c.records[0]!.id}` }),
        mcp: (c) => ({ object: OBJECT, id: c.records[0]!.id }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/${OBJECT}/${MISSING_ID}` }),
        mcp: () => ({ object: OBJECT, id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/${OBJECT}/${c.foreignId}` }),
        mcp: (c) => ({ object: OBJECT, id: c.foreignId }),
      },
      {
        name: "an id that is no uuid",
        status: 404,
        rest: () => ({ path: `/${OBJECT}/not-a-uuid` }),
        mcp: () => ({ object: OBJECT, id: "not-a-uuid" }),
      },
    ],
  }),

  "records.update": parity({
    // Two records alike: each surface changes its own, and the results agree but for identity.
    prepare: (t, key) => prepareWith(t, key, ["Parity Update", "Parity Update"]),
    cases: [
      {
        name: "changed values",
        status: 200,
        rest: (c) => ({ path: `/${OBJECT}/${c.records[0]!.id}`, body: { employees: 7, industry: "retail" } }),
        mcp: (c) => ({ object: OBJECT, id: c.records[1]!.id, values: { employees: 7, industry: "retail" } }),
        compare: sameRecordButIdentity,
      },
      {
        name: "a value of the wrong type",
        status: 400,
        rest: (c) => ({ path: `/${OBJECT}/${c.records[0]!.id}`, body: { employees: "many" } }),
        mcp: (c) => ({ object: OBJECT, id: c.records[0]!.id, values: { employees: "many" } }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/${OBJECT}/${c.foreignId}`, body: { name: "Mine" } }),
        mcp: (c) => ({ object: OBJECT, id: c.foreignId, values: { name: "Mine" } }),
      },
    ],
  }),

  "records.delete": parity({
    prepare,
    cases: [
      {
        // Each surface trashes a fresh record; delete_record answers {id, trashed} where REST answers 204.
        name: "a record to the trash",
        status: 204,
        rest: async (c) => ({ path: `/${OBJECT}/${(await c.api.mustCreate({ name: "Parity Doomed" })).id}` }),
        mcp: async (c) => ({ object: OBJECT, id: (await c.api.mustCreate({ name: "Parity Doomed" })).id }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/${OBJECT}/${MISSING_ID}` }),
        mcp: () => ({ object: OBJECT, id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/${OBJECT}/${c.foreignId}` }),
        mcp: (c) => ({ object: OBJECT, id: c.foreignId }),
      },
    ],
  }),

  "records.restore": parity({
    prepare,
    cases: [
      {
        // Each surface restores a record of its own, trashed beforehand; both answer the record.
        name: "a record back from the trash",
        status: 200,
        rest: async (c) => ({ path: `/${OBJECT}/${await trashed(c)}/restore` }),
        mcp: async (c) => ({ object: OBJECT, id: await trashed(c) }),
        compare: sameRecordButIdentity,
      },
      {
        name: "a record that is not in the trash",
        status: 404,
        rest: async (c) => ({ path: `/${OBJECT}/${await live(c)}/restore` }),
        mcp: async (c) => ({ object: OBJECT, id: await live(c) }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/${OBJECT}/${c.foreignId}/restore` }),
        mcp: (c) => ({ object: OBJECT, id: c.foreignId }),
      },
    ],
  }),

  "records.bulkCreate": parity({
    prepare,
    cases: [
      {
        name: "items that succeed and fail on their own",
        status: 200,
        rest: () => ({ path: `/${OBJECT}/bulk`, body: { records: [{ name: "Parity Bulk" }, { nope: 1 }, "text"] } }),
        mcp: () => ({ object: OBJECT, records: [{ name: "Parity Bulk" }, { nope: 1 }, "text"] }),
        compare: (rest, tool) => expect(noIds(tool)).toEqual(noIds(rest)),
      },
      {
        name: "no records",
        status: 400,
        rest: () => ({ path: `/${OBJECT}/bulk`, body: { records: [] } }),
        mcp: () => ({ object: OBJECT, records: [] }),
      },
      {
        name: "more than 500 records",
        status: 400,
        rest: () => ({ path: `/${OBJECT}/bulk`, body: { records: Array.from({ length: 501 }, (_, i) => ({ name: `n${i}` })) } }),
        mcp: () => ({ object: OBJECT, records: Array.from({ length: 501 }, (_, i) => ({ name: `n${i}` })) }),
      },
      {
        name: "an unknown object",
        status: 404,
        rest: () => ({ path: "/nothing_here/bulk", body: { records: [{ name: "X" }] } }),
        mcp: () => ({ object: "nothing_here", records: [{ name: "X" }] }),
      },
    ],
  }),

  "records.bulkUpdate": parity({
    prepare: (t, key) => prepareWith(t, key, ["Parity Bulk One", "Parity Bulk Two"]),
    cases: [
      {
        // Both surfaces write the same values to the same records: their answers carry no timestamps.
        name: "items that succeed and fail on their own, another tenant's id among them",
        status: 200,
        rest: (c) => ({
          path: `/${OBJECT}/bulk`,
          body: {
            updates: [
              { id: c.records[0]!.id, employees: 3 },
              { id: c.foreignId, employees: 3 },
              { id: c.records[1]!.id, employees: "x" },
            ],
          },
        }),
        mcp: (c) => ({
          object: OBJECT,
          updates: [
            { id: c.records[0]!.id, employees: 3 },
            { id: c.foreignId, employees: 3 },
            { id: c.records[1]!.id, employees: "x" },
          ],
        }),
      },
      {
        name: "no updates",
        status: 400,
        rest: () => ({ path: `/${OBJECT}/bulk`, body: { updates: [] } }),
        mcp: () => ({ object: OBJECT, updates: [] }),
      },
      {
        name: "an unknown object",
        status: 404,
        rest: (c) => ({ path: "/nothing_here/bulk", body: { updates: [{ id: c.records[0]!.id, name: "X" }] } }),
        mcp: (c) => ({ object: "nothing_here", updates: [{ id: c.records[0]!.id, name: "X" }] }),
      },
    ],
  }),

  "records.export": parity({
    prepare: (t, key) => prepareWith(t, key, ["Parity Export", "Parity Export", "Parity Other"]),
    cases: [
      {
        name: "filtered rows",
        status: 200,
        rest: () => ({ path: `/data/${OBJECT}`, query: { limit: "5", filter: "name:Parity Export" } }),
        mcp: () => ({ object: OBJECT, limit: 5, filters: ["name:Parity Export"] }),
      },
      {
        name: "the tool's default page is REST's limit=20",
        status: 200,
        rest: (c) => ({ path: `/data/${OBJECT}`, query: { limit: "20", created_since: c.records[0]!.created_at } }),
        mcp: (c) => ({ object: OBJECT, created_since: c.records[0]!.created_at }),
      },
      {
        name: "limit 0",
        status: 400,
        rest: () => ({ path: `/data/${OBJECT}`, query: { limit: "0" } }),
        mcp: () => ({ object: OBJECT, limit: 0 }),
      },
      {
        name: "updated_since that is no date",
        status: 400,
        rest: () => ({ path: `/data/${OBJECT}`, query: { updated_since: "yesterday" } }),
        mcp: () => ({ object: OBJECT, updated_since: "yesterday" }),
      },
      {
        name: "a non-equality filter",
        status: 400,
        rest: () => ({ path: `/data/${OBJECT}`, query: { filter: "employees:gt:5" } }),
        mcp: () => ({ object: OBJECT, filters: ["employees:gt:5"] }),
      },
      { name: "an unknown object", status: 404, rest: () => ({ path: "/data/nothing_here" }), mcp: () => ({ object: "nothing_here" }) },
    ],
  }),
};
