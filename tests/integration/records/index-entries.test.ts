/**
 * Index entries at their largest (migration slot_covering_indexes): a text slot index entry holds
 * up to 600 folded code points plus every number and date slot of the record. A record filling all
 * of them — 4-byte characters in a textarea, all eight number and six date slots — must store, be
 * found by equality on the long text, and be counted (index-only where the plan allows) exactly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, createCustomObject, RecordsApi } from "./helpers.ts";

const NUMBERS = Array.from({ length: 8 }, (_, i) => `num_${i + 1}`);
const DATES = Array.from({ length: 6 }, (_, i) => `day_${i + 1}`);

describe("largest index entries", () => {
  let t: TestTenant;
  let api: RecordsApi;

  beforeAll(async () => {
    t = await createTestTenant("wide-entries");
    await createCustomObject(t, "wide", [
      { apiName: "notes", label: "Notes", type: "textarea" },
      ...NUMBERS.map((apiName) => ({ apiName, label: apiName, type: "currency" as const, scale: 4 })),
      ...DATES.map((apiName) => ({ apiName, label: apiName, type: "datetime" as const })),
    ]);
    api = new RecordsApi(await bigKey(t), "wide");
  });

  it("stores, finds and counts a record whose text slot entry is as large as it gets", async () => {
    const notes = "𠀀".repeat(1000); // 4 bytes each in UTF-8 and unchanged by folding; the index keeps the first 600
    const values = (n: string) => ({
      name: `Wide ${n}`,
      notes,
      ...Object.fromEntries(NUMBERS.map((f, i) => [f, `${n}${i}12345678901.1234`])),
      ...Object.fromEntries(DATES.map((f, i) => [f, `2026-0${i + 1}-15T10:11:12.345Z`])),
    });
    const first = await api.mustCreate(values("1"));
    const second = await api.mustCreate(values("2"));
    const found = await api.page({ filter: [`notes:eq:${notes}`, "num_1:gte:1012345678901.1234", "day_6:lt:2026-07-01"] });
    expect(found.total).toBe(2);
    expect(found.data.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    const exact = await api.page({ filter: [`notes:eq:${notes}`, "num_8:gt:1712345678901.1234"] });
    expect(exact.data.map((r) => r.id)).toEqual([second.id]);
    expect(exact.total).toBe(1);
  });
});
