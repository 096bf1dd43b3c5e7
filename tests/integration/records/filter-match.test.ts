/**
 * recordMatches (lib/services/records/query/match.ts), which approval conditions use, against the
 * list endpoint's own SQL: for each filter, the records GET /{object}?filter= returns are exactly
 * those recordMatches accepts, over values chosen to sit on every edge (equal, just above and below,
 * empty, case and accents, several options).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseFilter } from "@/lib/services/records/query/filter.ts";
import { recordMatches } from "@/lib/services/records/query/match.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, RecordsApi, sorted, type ApiRecord } from "./helpers.ts";

const FILTERS = [
  "amount:gte:100000",
  "amount:gt:100000",
  "amount:lt:100000.01",
  "amount:lte:99999.99",
  "amount:eq:100000",
  "amount:neq:100000",
  "amount:empty",
  "amount:not_empty",
  "probability:gte:50",
  "stage:eq:proposal",
  "stage:neq:proposal",
  "name:eq:ACME renewal",
  "name:contains:renew",
  "name:contains:é",
  "close_date:lt:2027-01-01",
  "close_date:gte:2026-12-31",
  "tags:eq:upsell",
  "tags:neq:upsell",
  "tags:empty",
  "created_at:gt:2000-01-01T00:00:00Z",
];

describe("recordMatches agrees with the list filters", () => {
  let t: TestTenant;
  let api: RecordsApi;
  let records: ApiRecord[];

  beforeAll(async () => {
    t = await createTestTenant("filter-match");
    api = new RecordsApi(await bigKey(t), "opportunity");
    const rows = [
      { name: "Acme renewal", stage: "proposal", amount: "100000", probability: 50, close_date: "2026-12-31", tags: ["upsell", "renewal"] },
      { name: "acme RENEWAL", stage: "negotiation", amount: "100000.01", probability: 49.5, close_date: "2027-01-01", tags: ["renewal"] },
      { name: "Café expansion", stage: "proposal", amount: "99999.99", close_date: "2026-06-01" },
      { name: "Empty deal", stage: "prospecting" },
      { name: "Huge", stage: "closed_won", amount: "12345678901.25", probability: 100, tags: ["upsell"] },
      { name: "Negative", stage: "closed_lost", amount: "-5", probability: 0 },
    ];
    records = [];
    for (const r of rows) records.push(await api.mustCreate(r));
  });

  it.each(FILTERS)("%s", async (raw) => {
    const object = await withTenantSql(t.tenantId, (tx) => loadObjectSchema(tx, t.tenantId, "opportunity"));
    const filter = parseFilter(object.fields, raw);
    const listed = (await api.list({ filter: raw, limit: "500" })).json<{ data: ApiRecord[] }>().data.map((r) => r.id);
    const ours = new Set(records.map((r) => r.id));
    expect(sorted(records.filter((r) => recordMatches([filter], r)).map((r) => r.id))).toEqual(sorted(listed.filter((id) => ours.has(id))));
  });
});
