/**
 * Tenant isolation of records (spec 1, 5.1): tenant B's credential sees and touches nothing of
 * tenant A, whatever it asks for by id, value, search or filter; A's records stay as they were.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant } from "../../helpers/fixtures.ts";
import { bigKey, errorOf, RecordsApi, type ApiRecord, type BulkUpdateResult } from "./helpers.ts";

describe("tenant isolation", () => {
  let a: { contacts: RecordsApi; companies: RecordsApi };
  let b: { contacts: RecordsApi; companies: RecordsApi };
  let company: ApiRecord;
  let live: ApiRecord;
  let trashed: ApiRecord;
  let ownB: ApiRecord;
  let snapshot: ApiRecord[];

  const snapshotA = async () => [await a.companies.mustGet(company.id), await a.contacts.mustGet(live.id)];

  beforeAll(async () => {
    const [keyA, keyB] = [
      await bigKey(await createTestTenant("iso-a"), { allowDelete: true }),
      await bigKey(await createTestTenant("iso-b"), { allowDelete: true }),
    ];
    a = { contacts: new RecordsApi(keyA, "contact"), companies: new RecordsApi(keyA, "company") };
    b = { contacts: new RecordsApi(keyB, "contact"), companies: new RecordsApi(keyB, "company") };
    company = await a.companies.mustCreate({ name: "Secret Industries", industry: "finance", employees: 42 });
    live = await a.contacts.mustCreate({
      first_name: "Alice",
      last_name: "Hidden",
      email: "alice@secret.example",
      company: company.id,
      lifecycle_stage: "customer",
    });
    trashed = await a.contacts.mustCreate({ first_name: "Trudy", last_name: "Binned", email: "trudy@secret.example" });
    expect((await a.contacts.remove(trashed.id)).status).toBe(204);
    ownB = await b.contacts.mustCreate({ first_name: "Bob", last_name: "Visible" });
    snapshot = await snapshotA();
  });

  it("B's lists, totals, searches and trash show only B's records", async () => {
    const contactQueries: Record<string, string | string[]>[] = [
      {},
      { order: "last_name:asc" },
      { search: "alice" },
      { search: "hidden" },
      { trashed: "true" },
      { search: "trudy", trashed: "true" },
    ];
    for (const query of contactQueries) {
      const page = await b.contacts.page({ limit: "500", ...query });
      expect(
        page.data.every((r) => r.id === ownB.id),
        JSON.stringify(query),
      ).toBe(true);
      expect(page.total).toBe(page.data.length);
    }
    expect((await b.contacts.page()).total).toBe(1);
    expect((await b.companies.page()).total).toBe(0);
    expect((await b.companies.page({ search: "secret" })).data).toEqual([]);
  });

  it("B's filters on A's values and ids match nothing", async () => {
    const filters = [
      "email:eq:alice@secret.example",
      "email:contains:secret",
      `company:eq:${company.id}`,
      "company:not_empty",
      "lifecycle_stage:eq:customer",
      `id:eq:${live.id}`,
      `id:eq:${trashed.id}`,
      "last_name:hidden",
      `owner_id:eq:${live.owner_id}`,
      `created_at:lte:${live.created_at}`,
    ];
    for (const filter of filters) {
      const page = await b.contacts.page({ filter });
      expect({ filter, ids: page.data.map((r) => r.id), total: page.total }).toEqual({ filter, ids: [], total: 0 });
    }
    expect((await b.companies.page({ filter: "employees:eq:42" })).total).toBe(0);
    expect((await b.companies.page({ filter: "industry:eq:finance" })).total).toBe(0);
    // The filters that B's own record matches still match it.
    expect((await b.contacts.page({ filter: "company:empty" })).data.map((r) => r.id)).toEqual([ownB.id]);
  });

  it("B's get, patch, delete and restore of A's ids answer 404", async () => {
    for (const [api, id] of [
      [b.contacts, live.id],
      [b.companies, company.id],
      [b.contacts, trashed.id],
    ] as const) {
      expect(errorOf(await api.get(id), 404)).toBe(`Record '${id}' not found`);
      expect(errorOf(await api.patch(id, { last_name: "Pwned", name: "Pwned" }), 404)).toBe(`Record '${id}' not found`);
      expect(errorOf(await api.remove(id), 404)).toBe(`Record '${id}' not found`);
      expect(errorOf(await api.restore(id), 404)).toBe(`Trashed record '${id}' not found`);
    }
    const bulk = (
      await b.contacts.bulkUpdate([
        { id: live.id, last_name: "Pwned" },
        { id: ownB.id, job_title: "Mine" },
      ])
    ).json<BulkUpdateResult>();
    expect(bulk.results.map((r) => [r.ok, r.error])).toEqual([
      [false, `Record '${live.id}' not found`],
      [true, undefined],
    ]);
  });

  it("B cannot link to A's records, but may reuse A's unique values", async () => {
    expect(errorOf(await b.contacts.create({ last_name: "Linker", company: company.id }), 400)).toBe(
      `company: no company record with id '${company.id}'`,
    );
    expect(errorOf(await b.contacts.patch(ownB.id, { company: company.id }), 400)).toBe(
      `company: no company record with id '${company.id}'`,
    );
    const twin = await b.contacts.mustCreate({ last_name: "Twin", email: "alice@secret.example" });
    expect(twin.email).toBe("alice@secret.example");
  });

  it("A's records are unchanged afterwards", async () => {
    expect(await snapshotA()).toEqual(snapshot);
    const trash = await a.contacts.page({ trashed: "true" });
    expect(trash.data.map((r) => r.id)).toEqual([trashed.id]);
    expect(trash.data[0]).toMatchObject({ last_name: "Binned", updated_at: trashed.updated_at });
    expect((await a.contacts.page()).data.map((r) => r.id)).toEqual([live.id]);
    expect((await a.contacts.page({ search: "twin" })).total).toBe(0);
    // A still holds its unique value.
    expect(errorOf(await a.contacts.create({ last_name: "Copy", email: "alice@secret.example" }), 400)).toBe(
      "email: another record already has this value",
    );
  });
});
