/**
 * GET /{object} search, order, paging and totals (spec 4.2): accent- and case-insensitive word
 * prefix search, read-your-writes, every orderable type in both directions with the id
 * tie-breaker, stable paging over duplicate sort values, exact totals.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import {
  ALL_TYPE_FIELDS,
  bigKey,
  createCustomObject,
  errorOf,
  RecordsApi,
  slotsOf,
  sorted,
  STORAGES,
  type ApiRecord,
  type BulkCreateResult,
  type Query,
} from "./helpers.ts";

describe("search", () => {
  let t: TestTenant;
  let contacts: RecordsApi;
  /** id → the name a test expects search to show for it. */
  const label = new Map<string, string>();
  const names = (ids: string[]) => ids.map((id) => label.get(id) ?? id).sort();
  const search = async (q: string, extra: Record<string, string | string[]> = {}) => {
    const page = await contacts.page({ search: q, limit: "500", ...extra });
    expect(page.total).toBe(page.data.length);
    return names(page.data.map((r) => r.id));
  };

  beforeAll(async () => {
    t = await createTestTenant("search");
    contacts = new RecordsApi(await bigKey(t, { allowDelete: true }), "contact");
    for (const [first_name, last_name] of [
      ["José", "Alvarez"],
      ["JOSÉ", "Bravo"],
      ["Jose", "Castro"],
      ["Josh", "Castro"],
      ["Maria", "Josefina"],
      ["Ana", "Bojose"],
      ["Zoë", "Ångström"],
    ] as const) {
      label.set((await contacts.mustCreate({ first_name, last_name })).id, `${first_name} ${last_name}`);
    }
  });

  it("is accent- and case-insensitive and matches word prefixes only", async () => {
    const jose = ["JOSÉ Bravo", "Jose Castro", "José Alvarez", "Maria Josefina"];
    expect(await search("jose")).toEqual(jose);
    expect(await search("JOSÉ")).toEqual(jose);
    expect(await search("  Jóse ")).toEqual(jose);
    expect(await search("jos")).toEqual([...jose, "Josh Castro"].sort());
    expect(await search("ose")).toEqual([]);
    expect(await search("zoe angstrom")).toEqual(["Zoë Ångström"]);
    expect(await search("ÅNG")).toEqual(["Zoë Ångström"]);
  });

  it("ANDs the words of a multi-word search, in any order", async () => {
    expect(await search("jose castro")).toEqual(["Jose Castro"]);
    expect(await search("castro, JOSE")).toEqual(["Jose Castro"]);
    expect(await search("castro")).toEqual(["Jose Castro", "Josh Castro"]);
    expect(await search("jose bojose")).toEqual([]);
    expect(await search("castro", { filter: "first_name:eq:josh" })).toEqual(["Josh Castro"]);
  });

  it("finds a record right after it is created, renamed, trashed and restored", async () => {
    const created = await contacts.mustCreate({ first_name: "Zebulon", last_name: "Quark" });
    label.set(created.id, "Zebulon Quark");
    expect(await search("quark")).toEqual(["Zebulon Quark"]);
    expect(await contacts.ids({ filter: "last_name:eq:quark" })).toEqual([created.id]);

    expect((await contacts.patch(created.id, { last_name: "Neutrino" })).status).toBe(200);
    label.set(created.id, "Zebulon Neutrino");
    expect(await search("neutrino")).toEqual(["Zebulon Neutrino"]);
    expect(await search("quark")).toEqual([]);
    expect(await contacts.ids({ filter: "last_name:eq:quark" })).toEqual([]);
    expect(await contacts.ids({ filter: "last_name:eq:neutrino" })).toEqual([created.id]);

    expect((await contacts.patch(created.id, { first_name: "Xavi" })).status).toBe(200);
    label.set(created.id, "Xavi Neutrino");
    expect(await search("zebulon")).toEqual([]);
    expect(await search("xavi neutrino")).toEqual(["Xavi Neutrino"]);

    expect((await contacts.remove(created.id)).status).toBe(204);
    expect(await search("neutrino")).toEqual([]);
    expect((await contacts.restore(created.id)).status).toBe(200);
    expect(await search("neutrino")).toEqual(["Xavi Neutrino"]);
  });

  it("searches the name of custom and built-in objects with a name field", async () => {
    const companies = new RecordsApi(contacts.auth, "company");
    const societe = await companies.mustCreate({ name: "Société Générale" });
    await companies.mustCreate({ name: "Socks Inc" });
    expect((await companies.page({ search: "societe gen" })).data.map((r) => r.id)).toEqual([societe.id]);
    expect((await companies.page({ search: "soc" })).total).toBe(2);
  });

  it("stores and finds a name that is one very long word in a multi-byte script", async () => {
    // 1000 distinct-looking 4-byte letters (CJK Extension B): 4 kB of UTF-8 in a single word.
    const word = Array.from({ length: 1000 }, (_, i) => String.fromCodePoint(0x20000 + ((i * 7919) % 0xa000))).join("");
    const companies = new RecordsApi(contacts.auth, "company");
    const created = await companies.create({ name: word });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const id = created.json<ApiRecord>().id;
    expect((await companies.page({ search: [...word].slice(0, 3).join("") })).data.map((r) => r.id)).toEqual([id]);
    expect((await companies.page({ search: [...word].slice(0, 200).join("") })).data.map((r) => r.id)).toEqual([id]);
    const renamed = await companies.patch(id, { name: `${[...word].reverse().slice(0, 990).join("")} tail` });
    expect(renamed.status, JSON.stringify(renamed.body).slice(0, 300)).toBe(200);
    expect((await companies.page({ search: "tail" })).data.map((r) => r.id)).toEqual([id]);
  });

  it("refuses a search longer than 200 characters", async () => {
    expect(errorOf(await contacts.list({ search: "a".repeat(201) }), 400)).toBe("search: at most 200 characters");
    expect((await contacts.list({ search: "é".repeat(200) })).status).toBe(200);
  });
});

/** The JSON value of a record as its sort key: folded text, numbers, instants; null when empty. */
type Key = string | number | null;

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

const KEY = {
  text: (v: unknown): Key => (typeof v === "string" ? fold(v) : null),
  number: (v: unknown): Key => (v === null || v === undefined ? null : Number(v)),
  time: (v: unknown): Key => (typeof v === "string" ? Date.parse(v) : null),
  boolean: (v: unknown): Key => (typeof v === "boolean" ? Number(v) : null),
};

/** By key in the direction, id breaking ties the same way; records with the key empty last in either direction, by id. */
function expectedOrder(records: ApiRecord[], key: (r: ApiRecord) => Key, direction: "asc" | "desc"): string[] {
  const sign = direction === "asc" ? 1 : -1;
  const byId = (a: ApiRecord, b: ApiRecord) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...records]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka === kb) return byId(a, b);
      if (ka === null) return 1;
      if (kb === null) return -1;
      return sign * (ka < kb ? -1 : 1);
    })
    .map((r) => r.id);
}

describe.each(STORAGES)("order, values in $name", ({ fillers, slotted }) => {
  let api: RecordsApi;
  let records: ApiRecord[];

  const ORDERABLE: [string, (v: unknown) => Key][] = [
    ["name", KEY.text],
    ["f_text", KEY.text],
    ["f_email", KEY.text],
    ["f_phone", KEY.text],
    ["f_url", KEY.text],
    ["f_number", KEY.number],
    ["f_currency", KEY.number],
    ["f_percent", KEY.number],
    ["f_date", KEY.time],
    ["f_datetime", KEY.time],
    ["f_boolean", KEY.boolean],
    ["f_select", KEY.text],
    ["f_lookup", KEY.text],
    ["id", KEY.text],
    ["owner_id", KEY.text],
    ["created_at", KEY.time],
    ["updated_at", KEY.time],
  ];

  beforeAll(async () => {
    const t = await createTestTenant("order");
    const key = await bigKey(t);
    await createCustomObject(t, "sortable", [...fillers, ...ALL_TYPE_FIELDS]);
    expect(await slotsOf(t, "sortable", ["f_text", "f_number", "f_date", "f_lookup"])).toEqual([slotted, slotted, slotted, slotted]);
    const company = new RecordsApi(key, "company");
    const c = [
      (await company.mustCreate({ name: "c1" })).id,
      (await company.mustCreate({ name: "c2" })).id,
      (await company.mustCreate({ name: "c3" })).id,
    ];
    const n = null;
    const columns = {
      name: ["b", "a", "B", "c", "a", "d", "e", "f", "A", "g", "h", "i"],
      f_text: ["banana", "Apple", "cherry", "apple", n, "Banana", "Éclair", n, "cherry", "eggplant", "Apple", "fig"],
      f_email: ["b@x.io", "A@x.io", "c@x.io", "a@x.io", n, "B@X.io", "d@x.io", n, "c@x.io", "e@x.io", "a@x.io", "f@x.io"],
      f_phone: ["555-0002", "555-0001", n, "555-0002", "555-0003", n, "555-0001", "555-0010", "555-0002", n, "555-0004", "555-0003"],
      f_url: [
        "https://b.example",
        "https://a.example",
        "https://B.example",
        n,
        "https://c.example",
        "https://a.example",
        n,
        n,
        "https://d.example",
        "https://c.example",
        "https://a.example",
        "https://e.example",
      ],
      f_number: [3, -1, 3, 0, n, 2.5, 10, n, 3, -1, 100, 0],
      f_currency: ["10.00", "9.5", "10", "-1", n, "100", "10.0000", n, "0.0001", "-1.5", "9.5", "1000"],
      f_percent: [50, 50, n, 12.5, 0, 100, n, -3, 50, 0, 12.5, 99.99],
      f_date: [
        "2024-01-15",
        "2023-12-31",
        "2024-01-15",
        n,
        "2025-06-30",
        "2024-02-29",
        n,
        "2023-12-31",
        "2024-01-15",
        "2020-01-01",
        n,
        "2024-01-16",
      ],
      f_datetime: [
        "2024-05-01T10:00:00Z",
        "2024-05-01T12:00:00+02:00",
        "2024-05-01T10:00:00.001Z",
        n,
        "2023-01-01T00:00:00Z",
        "2024-05-01T09:59:59.999Z",
        n,
        "2030-01-01T00:00:00Z",
        "2024-05-01T10:00:00Z",
        n,
        "2023-01-01T00:00:00Z",
        "2024-05-01T08:00:00-02:00",
      ],
      f_boolean: [true, false, n, true, false, true, n, false, true, false, true, n],
      f_select: ["red", "green", "blue", n, "red", "green", n, "blue", "red", "green", "blue", n],
      f_lookup: [c[0], c[1], c[0], n, c[2], c[1], n, c[0], c[2], n, c[1], c[0]],
    };
    api = new RecordsApi(key, "sortable");
    const bodies = columns.name.map((_, i) => Object.fromEntries(Object.entries(columns).map(([k, vs]) => [k, vs[i]])));
    // Half in one bulk request (they share created_at), half one by one, some by another user.
    const bulk = await api.bulkCreate(bodies.slice(0, 6));
    expect(bulk.json<BulkCreateResult>().created, JSON.stringify(bulk.body)).toBe(6);
    const member = new RecordsApi(await bigKey(t, { role: "member" }), "sortable");
    for (const [i, body] of bodies.slice(6).entries()) await (i % 2 ? api : member).mustCreate(body);
    records = (await api.page({ limit: "500" })).data;
    expect(records).toHaveLength(12);
  });

  for (const [field, key] of ORDERABLE) {
    for (const direction of ["asc", "desc"] as const) {
      it(`${field}:${direction}`, async () => {
        const page = await api.page({ order: `${field}:${direction}`, limit: "500" });
        expect(page.data.map((r) => r.id)).toEqual(expectedOrder(records, (r) => key(r[field]), direction));
      });
    }
  }

  it("has duplicates and empties in every ordered field, so the tie-breaker is exercised", () => {
    for (const [field, key] of ORDERABLE.filter(([f]) => f.startsWith("f_"))) {
      const keys = records.map((r) => key(r[field]));
      expect(keys.filter((k) => k === null).length, field).toBeGreaterThan(0);
      expect(new Set(keys.filter((k) => k !== null)).size, field).toBeLessThan(keys.filter((k) => k !== null).length);
    }
  });

  it("orders by created_at desc by default, and a bare field ascending", async () => {
    expect((await api.page({ limit: "500" })).data.map((r) => r.id)).toEqual(expectedOrder(records, (r) => KEY.time(r.created_at), "desc"));
    expect((await api.page({ order: "f_number", limit: "500" })).data.map((r) => r.id)).toEqual(
      expectedOrder(records, (r) => KEY.number(r.f_number), "asc"),
    );
  });

  it("refuses unorderable types, unknown fields and bad directions", async () => {
    expect(errorOf(await api.list({ order: "f_multiselect:asc" }), 400)).toBe("order: cannot order by 'f_multiselect' (multiselect)");
    expect(errorOf(await api.list({ order: "f_textarea:desc" }), 400)).toBe("order: cannot order by 'f_textarea' (textarea)");
    expect(errorOf(await new RecordsApi(api.auth, "contact").list({ order: "full_name:asc" }), 400)).toBe(
      "order: cannot order by 'full_name' (formula)",
    );
    expect(errorOf(await api.list({ order: "nope:asc" }), 400)).toBe("order: unknown field 'nope'");
    expect(errorOf(await api.list({ order: "f_number:up" }), 400)).toBe("order: direction must be asc or desc");
    expect(errorOf(await api.list({ order: ":asc" }), 400)).toBe("order: expected <field>:asc or <field>:desc");
  });
});

describe("paging and totals", () => {
  let api: RecordsApi;
  let all: ApiRecord[];

  beforeAll(async () => {
    const t = await createTestTenant("paging");
    await createCustomObject(t, "pager", [
      { apiName: "num", label: "Num", type: "number" },
      { apiName: "word", label: "Word", type: "text" },
    ]);
    api = new RecordsApi(await bigKey(t), "pager");
    const bodies = Array.from({ length: 40 }, (_, i) => ({ name: `p${i}`, num: i % 9 === 0 ? null : i % 4, word: ["x", "y", "z"][i % 3] }));
    // Two bulk requests: many records share created_at as well.
    for (const chunk of [bodies.slice(0, 25), bodies.slice(25)]) {
      expect((await api.bulkCreate(chunk)).json<BulkCreateResult>().failed).toBe(0);
    }
    all = (await api.page({ limit: "500" })).data;
    expect(all).toHaveLength(40);
  });

  async function collect(query: Record<string, string | string[]>, pageSize: number): Promise<{ ids: string[]; totals: number[] }> {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let offset = 0; offset < 60; offset += pageSize) {
      const page = await api.page({ ...query, limit: String(pageSize), offset: String(offset) });
      ids.push(...page.data.map((r) => r.id));
      totals.push(page.total);
      if (page.data.length < pageSize) break;
    }
    return { ids, totals };
  }

  for (const order of [
    "num:asc",
    "num:desc",
    "word:asc",
    "word:desc",
    "created_at:desc",
    "created_at:asc",
    "updated_at:asc",
    "owner_id:desc",
  ]) {
    it(`pages through ${order} covering every row exactly once`, async () => {
      const full = (await api.page({ order, limit: "500" })).data.map((r) => r.id);
      for (const pageSize of [7, 10, 1]) {
        const { ids, totals } = await collect({ order }, pageSize);
        expect(ids).toEqual(full);
        expect(new Set(ids).size).toBe(40);
        expect(sorted(ids)).toEqual(sorted(all.map((r) => r.id)));
        expect(new Set(totals)).toEqual(new Set([40]));
      }
    });
  }

  // A search or filter changes which table drives the query, and so the order rows reach the sort in.
  const driven: Query[] = [{ search: "p" }, { filter: "word:not_empty" }, { filter: "num:gte:0", search: "p" }];
  for (const query of driven) {
    for (const order of ["num:asc", "word:desc", "created_at:asc"]) {
      it(`pages through ${order} with ${JSON.stringify(query)} in the same order as the full list`, async () => {
        const full = (await api.page({ ...query, order, limit: "500" })).data;
        const expected = expectedOrder(
          full,
          (r) => (order.startsWith("num") ? KEY.number(r.num) : order.startsWith("word") ? KEY.text(r.word) : KEY.time(r.created_at)),
          order.endsWith("desc") ? "desc" : "asc",
        );
        expect(full.map((r) => r.id)).toEqual(expected);
        const { ids } = await collect({ ...query, order }, 6);
        expect(ids).toEqual(expected);
      });
    }
  }

  it("pages a filtered list exactly", async () => {
    const matching = all.filter((r) => r.num === 1 || r.num === 2).map((r) => r.id);
    const { ids, totals } = await collect({ order: "word:asc", filter: ["num:gte:1", "num:lte:2"] }, 3);
    expect(sorted(ids)).toEqual(sorted(matching));
    expect(ids).toHaveLength(new Set(ids).size);
    expect(new Set(totals)).toEqual(new Set([matching.length]));
  });

  it("returns exact totals with and without filters and past the end", async () => {
    const expectPage = async (query: Record<string, string | string[]>, rows: number, total: number) => {
      const page = await api.page(query);
      expect({ rows: page.data.length, total: page.total }, JSON.stringify(query)).toEqual({ rows, total });
    };
    const n1 = all.filter((r) => r.num === 1).length;
    const empty = all.filter((r) => r.num === null).length;
    expect(n1).toBeGreaterThan(3);
    await expectPage({ limit: "5" }, 5, 40);
    await expectPage({}, 40, 40);
    await expectPage({ limit: "40" }, 40, 40);
    await expectPage({ limit: "39" }, 39, 40);
    await expectPage({ limit: "5", offset: "38" }, 2, 40);
    await expectPage({ limit: "5", offset: "40" }, 0, 40);
    await expectPage({ limit: "5", offset: "1000" }, 0, 40);
    await expectPage({ filter: "num:eq:1", limit: "2" }, 2, n1);
    await expectPage({ filter: "num:eq:1", limit: "2", offset: "500" }, 0, n1);
    await expectPage({ filter: "num:eq:1", offset: String(n1 - 1) }, 1, n1);
    await expectPage({ filter: "num:empty", limit: "1", offset: "1" }, 1, empty);
    await expectPage({ filter: "num:eq:7" }, 0, 0);
    await expectPage({ filter: "num:eq:7", offset: "10" }, 0, 0);
    // "p1" starts the names p1 and p10–p19.
    await expectPage({ search: "p1", limit: "1", offset: "100" }, 0, 11);
    await expectPage({ search: "p1", limit: "20" }, 11, 11);
  });
});
