/**
 * GET /{object}?filter=… (spec 4.2): every operator of every stored type returns exactly the
 * expected records; refused combinations, bad operands, the 12-filter cap, legacy `field:value`,
 * system columns and limit/offset validation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { ALL_TYPE_FIELDS, bigKey, createCustomObject, errorOf, RecordsApi, slotsOf, sorted, STORAGES, type ApiRecord } from "./helpers.ts";

const LABELS = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"] as const;
type Label = (typeof LABELS)[number];

/** c1/c2 are replaced by the ids of two companies. */
const ROWS: Record<Label, Record<string, unknown>> = {
  r0: {
    f_text: "Alpha Beta",
    f_textarea: "Notes about Müller",
    f_email: "ann@acme.com",
    f_phone: "+1 (555) 010-9999",
    f_url: "https://acme.com/a",
    f_number: 10,
    f_currency: "100.50",
    f_percent: 50,
    f_date: "2024-01-15",
    f_datetime: "2024-05-01T10:00:00Z",
    f_boolean: true,
    f_select: "red",
    f_multiselect: ["north", "south"],
    f_lookup: "c1",
  },
  r1: {
    f_text: "alpha",
    f_textarea: "müller",
    f_email: "Bob@Acme.com",
    f_phone: "030 1234.56",
    f_url: "http://beta.org",
    f_number: -5,
    f_currency: "100.5",
    f_percent: 12.5,
    f_date: "2024-02-29",
    f_datetime: "2024-05-01T12:00:00+02:00",
    f_boolean: false,
    f_select: "green",
    f_multiselect: ["south"],
    f_lookup: "c2",
  },
  r2: {
    f_text: "ÁLPHA",
    f_textarea: null,
    f_email: "carl@beta.org",
    f_phone: "555-0100",
    f_url: "https://ACME.com/b",
    f_number: 0,
    f_currency: "0.0001",
    f_percent: 100,
    f_date: "2023-12-31",
    f_datetime: "2024-05-01T10:00:00.001Z",
    f_boolean: true,
    f_select: "red",
    f_multiselect: [],
    f_lookup: "c1",
  },
  r3: {
    f_text: "Gamma 50%",
    f_textarea: "",
    f_email: null,
    f_number: 10,
    f_currency: "-20",
    f_percent: 0,
    f_date: "2024-01-15",
    f_datetime: "2023-01-01T00:00:00Z",
    f_boolean: null,
    f_select: null,
    f_multiselect: ["north"],
    f_lookup: null,
  },
  r4: {
    f_text: "under_score",
    f_textarea: "plain",
    f_email: "dan@gamma.io",
    f_number: 2.5,
    f_currency: "999999999999999.9999",
    f_boolean: false,
    f_select: "blue",
  },
  r5: {},
  r6: {
    f_text: "",
    f_textarea: "",
    f_email: "",
    f_phone: "",
    f_url: "",
    f_number: null,
    f_currency: "",
    f_percent: null,
    f_date: "",
    f_datetime: "",
    f_boolean: null,
    f_select: "",
    f_multiselect: [],
    f_lookup: "",
  },
  r7: {
    f_text: "Delta",
    f_textarea: "delta notes",
    f_email: "eve@acme.com.au",
    f_phone: "+44 20 7946 0958",
    f_url: "https://delta.example/x?y=1",
    f_number: 1000000,
    f_currency: "7",
    f_percent: -3.5,
    f_date: "2025-06-30",
    f_datetime: "2030-12-31T23:59:59.999Z",
    f_boolean: true,
    f_select: "blue",
    f_multiselect: ["east", "north", "south"],
    f_lookup: "c2",
  },
};

type Op = "eq" | "neq" | "contains" | "gt" | "lt" | "gte" | "lte" | "empty" | "not_empty";
const ALL_OPS: Op[] = ["eq", "neq", "contains", "gt", "lt", "gte", "lte", "empty", "not_empty"];
const TEXTUAL: Op[] = ["eq", "neq", "contains", "empty", "not_empty"];
const ORDERED: Op[] = ["eq", "neq", "gt", "lt", "gte", "lte", "empty", "not_empty"];
const PRESENCE: Op[] = ["eq", "neq", "empty", "not_empty"];

/** [operator, operand (null for empty/not_empty), expected records]. */
type Case = [Op, string | null, Label[]];

interface TypeCases {
  field: string;
  type: string;
  supported: Op[];
  cases: Case[];
}

const TYPE_CASES: TypeCases[] = [
  {
    field: "f_text",
    type: "text",
    supported: TEXTUAL,
    cases: [
      ["eq", "alpha", ["r1", "r2"]],
      ["eq", "ÁLPHA", ["r1", "r2"]],
      ["neq", "alpha", ["r0", "r3", "r4", "r5", "r6", "r7"]],
      ["contains", "lph", ["r0", "r1", "r2"]],
      ["contains", "ALPHA B", ["r0"]],
      ["contains", "%", ["r3"]],
      ["contains", "_", ["r4"]],
      ["empty", null, ["r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r4", "r7"]],
    ],
  },
  {
    field: "f_textarea",
    type: "textarea",
    supported: TEXTUAL,
    cases: [
      ["eq", "MÜLLER", ["r1"]],
      ["neq", "muller", ["r0", "r2", "r3", "r4", "r5", "r6", "r7"]],
      ["contains", "notes", ["r0", "r7"]],
      ["contains", "mull", ["r0", "r1"]],
      ["empty", null, ["r2", "r3", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r4", "r7"]],
    ],
  },
  {
    field: "f_email",
    type: "email",
    supported: TEXTUAL,
    cases: [
      ["eq", "BOB@acme.com", ["r1"]],
      ["neq", "bob@acme.com", ["r0", "r2", "r3", "r4", "r5", "r6", "r7"]],
      ["contains", "@acme.com", ["r0", "r1", "r7"]],
      ["empty", null, ["r3", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r4", "r7"]],
    ],
  },
  {
    field: "f_phone",
    type: "phone",
    supported: TEXTUAL,
    cases: [
      ["eq", "+1 (555) 010-9999", ["r0"]],
      ["neq", "+1 (555) 010-9999", ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]],
      ["contains", "555", ["r0", "r2"]],
      ["empty", null, ["r3", "r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r7"]],
    ],
  },
  {
    field: "f_url",
    type: "url",
    supported: TEXTUAL,
    cases: [
      ["eq", "HTTPS://ACME.COM/A", ["r0"]],
      ["neq", "https://acme.com/a", ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]],
      ["contains", "acme.com", ["r0", "r2"]],
      ["contains", "?y=1", ["r7"]],
      ["empty", null, ["r3", "r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r7"]],
    ],
  },
  {
    field: "f_number",
    type: "number",
    supported: ORDERED,
    cases: [
      ["eq", "10", ["r0", "r3"]],
      ["eq", "10.00", ["r0", "r3"]],
      ["neq", "10", ["r1", "r2", "r4", "r5", "r6", "r7"]],
      ["gt", "2.5", ["r0", "r3", "r7"]],
      ["gte", "2.5", ["r0", "r3", "r4", "r7"]],
      ["lt", "0", ["r1"]],
      ["lt", "-5", []],
      ["lte", "0", ["r1", "r2"]],
      ["empty", null, ["r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r4", "r7"]],
    ],
  },
  {
    field: "f_currency",
    type: "currency",
    supported: ORDERED,
    cases: [
      ["eq", "100.5", ["r0", "r1"]],
      ["neq", "100.50", ["r2", "r3", "r4", "r5", "r6", "r7"]],
      ["gt", "100.5", ["r4"]],
      ["gt", "999999999999999.9998", ["r4"]],
      ["gte", "0.0001", ["r0", "r1", "r2", "r4", "r7"]],
      ["lt", "0.0001", ["r3"]],
      ["lte", "7", ["r2", "r3", "r7"]],
      ["empty", null, ["r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r4", "r7"]],
    ],
  },
  {
    field: "f_percent",
    type: "percent",
    supported: ORDERED,
    cases: [
      ["eq", "12.5", ["r1"]],
      ["neq", "0", ["r0", "r1", "r2", "r4", "r5", "r6", "r7"]],
      ["gt", "12.5", ["r0", "r2"]],
      ["gte", "12.5", ["r0", "r1", "r2"]],
      ["lt", "0", ["r7"]],
      ["lte", "0", ["r3", "r7"]],
      ["empty", null, ["r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r7"]],
    ],
  },
  {
    field: "f_date",
    type: "date",
    supported: ORDERED,
    cases: [
      ["eq", "2024-01-15", ["r0", "r3"]],
      ["neq", "2024-01-15", ["r1", "r2", "r4", "r5", "r6", "r7"]],
      ["gt", "2024-01-15", ["r1", "r7"]],
      ["gte", "2024-01-15", ["r0", "r1", "r3", "r7"]],
      ["lt", "2024-01-15", ["r2"]],
      ["lte", "2024-02-29", ["r0", "r1", "r2", "r3"]],
      ["empty", null, ["r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r7"]],
    ],
  },
  {
    field: "f_datetime",
    type: "datetime",
    supported: ORDERED,
    cases: [
      ["eq", "2024-05-01T10:00:00Z", ["r0", "r1"]],
      ["eq", "2024-05-01T12:00:00+02:00", ["r0", "r1"]],
      ["neq", "2024-05-01T10:00:00.000Z", ["r2", "r3", "r4", "r5", "r6", "r7"]],
      ["gt", "2024-05-01T10:00:00Z", ["r2", "r7"]],
      ["gte", "2024-05-01", ["r0", "r1", "r2", "r7"]],
      ["lt", "2024-05-01T10:00:00.001Z", ["r0", "r1", "r3"]],
      ["lte", "2024-05-01T10:00:00Z", ["r0", "r1", "r3"]],
      ["empty", null, ["r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r3", "r7"]],
    ],
  },
  {
    field: "f_boolean",
    type: "boolean",
    supported: PRESENCE,
    cases: [
      ["eq", "true", ["r0", "r2", "r7"]],
      ["eq", "false", ["r1", "r4"]],
      ["neq", "true", ["r1", "r3", "r4", "r5", "r6"]],
      ["neq", "false", ["r0", "r2", "r3", "r5", "r6", "r7"]],
      ["empty", null, ["r3", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r4", "r7"]],
    ],
  },
  {
    field: "f_select",
    type: "select",
    supported: PRESENCE,
    cases: [
      ["eq", "red", ["r0", "r2"]],
      ["eq", "RED", ["r0", "r2"]],
      ["neq", "red", ["r1", "r3", "r4", "r5", "r6", "r7"]],
      ["empty", null, ["r3", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r4", "r7"]],
    ],
  },
  {
    field: "f_multiselect",
    type: "multiselect",
    supported: PRESENCE,
    cases: [
      ["eq", "north", ["r0", "r3", "r7"]],
      ["eq", "south", ["r0", "r1", "r7"]],
      ["eq", "east", ["r7"]],
      ["neq", "north", ["r1", "r2", "r4", "r5", "r6"]],
      ["empty", null, ["r2", "r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r3", "r7"]],
    ],
  },
  {
    field: "f_lookup",
    type: "lookup",
    supported: PRESENCE,
    cases: [
      ["eq", "c1", ["r0", "r2"]],
      ["eq", "C1", ["r0", "r2"]],
      ["neq", "c1", ["r1", "r3", "r4", "r5", "r6", "r7"]],
      ["empty", null, ["r3", "r4", "r5", "r6"]],
      ["not_empty", null, ["r0", "r1", "r2", "r7"]],
    ],
  },
];

describe.each(STORAGES)("list filters, values in $name", ({ fillers, slotted }) => {
  let t: TestTenant;
  let api: RecordsApi;
  let companies: Record<"c1" | "c2", string>;
  const rec = {} as Record<Label, ApiRecord>;
  const idsOf = (labels: readonly Label[]) => sorted(labels.map((l) => rec[l].id));
  const all = () => idsOf(LABELS);
  /** c1/C1/c2 → the company ids (C1 upper-cased). */
  const operand = (v: string) => (v === "c1" || v === "c2" ? companies[v] : v === "C1" ? companies.c1.toUpperCase() : v);

  beforeAll(async () => {
    t = await createTestTenant("filters");
    const key = await bigKey(t);
    await createCustomObject(t, "gadget", [...fillers, ...ALL_TYPE_FIELDS]);
    const company = new RecordsApi(key, "company");
    companies = { c1: (await company.mustCreate({ name: "C one" })).id, c2: (await company.mustCreate({ name: "C two" })).id };
    api = new RecordsApi(key, "gadget");
    // One at a time, so created_at strictly increases from r0 to r7.
    for (const label of LABELS) {
      const body: Record<string, unknown> = { name: label, ...ROWS[label] };
      if (typeof body.f_lookup === "string" && body.f_lookup in companies) body.f_lookup = companies[body.f_lookup as "c1" | "c2"];
      rec[label] = await api.mustCreate(body);
    }
    // r0 is written last, so updated_at and created_at orders differ.
    const touched = await api.patch(rec.r0.id, { f_text: "Alpha Beta" });
    expect(touched.status).toBe(200);
    rec.r0 = touched.json<ApiRecord>();
  });

  it("stores the fields where this suite means to test them", async () => {
    const stored = ALL_TYPE_FIELDS.map((f) => f.apiName).filter((f) => f !== "f_multiselect");
    expect(await slotsOf(t, "gadget", stored)).toEqual(stored.map(() => slotted));
    expect(await slotsOf(t, "gadget", ["f_multiselect"])).toEqual([false]);
  });

  it("stored the fixture as expected (empties are null)", async () => {
    expect(rec.r1).toMatchObject({ f_email: "bob@acme.com", f_currency: "100.5000", f_datetime: "2024-05-01T10:00:00.000Z" });
    expect(rec.r6).toMatchObject({ f_text: null, f_email: null, f_currency: null, f_date: null, f_multiselect: null, f_lookup: null });
    expect(rec.r2.f_multiselect).toBeNull();
    expect(await api.ids()).toEqual(all());
  });

  for (const tc of TYPE_CASES) {
    describe(`${tc.type} (${tc.field})`, () => {
      it("the cases cover every supported operator", () => {
        expect([...new Set(tc.cases.map((c) => c[0]))].sort()).toEqual([...tc.supported].sort());
      });

      for (const [op, value, expected] of tc.cases) {
        it(`${op}${value === null ? "" : ` ${value}`} → ${expected.join(",") || "nothing"}`, async () => {
          const filter = value === null ? `${tc.field}:${op}` : `${tc.field}:${op}:${operand(value)}`;
          const page = await api.page({ filter, limit: "500" });
          expect(page.data.map((r) => r.id).sort()).toEqual(idsOf(expected));
          expect(page.total).toBe(expected.length);
        });
      }

      it("refuses the operators the type does not support, with the parser's message", async () => {
        const refused = ALL_OPS.filter((op) => !tc.supported.includes(op));
        expect(refused.length).toBeGreaterThan(0);
        for (const op of refused) {
          const raw = `${tc.field}:${op}:1`;
          expect(errorOf(await api.list({ filter: raw }), 400)).toBe(`filter '${raw}': ${op} is not supported for ${tc.type} fields`);
        }
      });
    });
  }

  it("ANDs several filters", async () => {
    expect(await api.ids({ filter: ["f_number:eq:10", "f_date:eq:2024-01-15"] })).toEqual(idsOf(["r0", "r3"]));
    expect(await api.ids({ filter: ["f_number:eq:10", "f_date:eq:2024-01-15", "f_text:contains:gam"] })).toEqual(idsOf(["r3"]));
    expect(await api.ids({ filter: ["f_boolean:eq:true", "f_boolean:eq:false"] })).toEqual([]);
  });

  it("accepts 12 filters and refuses 13 with a message naming the limit", async () => {
    const twelve = [
      "f_text:contains:alpha b",
      "f_textarea:contains:muller",
      "f_email:eq:ann@acme.com",
      "f_phone:contains:010",
      "f_url:contains:acme.com/a",
      "f_number:eq:10",
      "f_currency:gte:100",
      "f_percent:eq:50",
      "f_date:eq:2024-01-15",
      "f_datetime:lte:2024-05-01T10:00:00Z",
      "f_boolean:eq:true",
      "f_select:eq:red",
    ];
    const page = await api.page({ filter: twelve });
    expect(page.data.map((r) => r.id)).toEqual([rec.r0.id]);
    expect(page.total).toBe(1);
    const error = errorOf(await api.list({ filter: [...twelve, "f_multiselect:eq:north"] }), 400);
    expect(error).toBe("filter: at most 12 filters are allowed (got 13)");
  });

  it("reads legacy field:value as eq", async () => {
    expect(await api.ids({ filter: "f_text:alpha" })).toEqual(idsOf(["r1", "r2"]));
    expect(await api.ids({ filter: "f_number:10" })).toEqual(idsOf(["r0", "r3"]));
    expect(await api.ids({ filter: "f_select:Red" })).toEqual(idsOf(["r0", "r2"]));
    expect(await api.ids({ filter: `f_lookup:${companies.c2}` })).toEqual(idsOf(["r1", "r7"]));
    // Only the first colon splits: the rest of a legacy value is kept whole.
    expect(await api.ids({ filter: "f_datetime:2024-05-01T10:00:00Z" })).toEqual(idsOf(["r0", "r1"]));
    expect(await api.ids({ filter: "f_text:gamma 50%" })).toEqual(idsOf(["r3"]));
  });

  it("refuses operands of the wrong type, naming the problem", async () => {
    const cases: [string, string][] = [
      ["f_number:eq:abc", "'abc' is not a number"],
      ["f_number:gt:1e3", "'1e3' is not a number"],
      ["f_currency:gt:12,5", "'12,5' is not a number"],
      ["f_percent:lt:ten", "'ten' is not a number"],
      ["f_date:eq:2024-02-30", "'2024-02-30' is not a date (YYYY-MM-DD)"],
      ["f_datetime:gt:yesterday", "'yesterday' is not an ISO 8601 date-time"],
      ["f_datetime:eq:2024-05-01T12:00:00 02:00", "'2024-05-01T12:00:00 02:00' is not an ISO 8601 date-time (encode '+' as %2B)"],
      ["f_boolean:eq:yes", "'yes' is not true or false"],
      ["f_select:eq:purple", "'purple' is not an option of this field"],
      ["f_multiselect:eq:west", "'west' is not an option of this field"],
      ["f_lookup:eq:123", "'123' is not an id"],
      ["f_number:10.5.1", "'10.5.1' is not a number"],
    ];
    for (const [raw, problem] of cases) expect(errorOf(await api.list({ filter: raw }), 400)).toBe(`filter '${raw}': ${problem}`);
  });

  it("refuses malformed filters, missing or extra operands, unknown and computed fields", async () => {
    const cases: [string, string][] = [
      ["nope:eq:1", "unknown field 'nope'"],
      ["nope:1", "unknown field 'nope'"],
      ["f_text", "expected field:operator:value or field:value"],
      [":eq:x", "expected field:operator:value or field:value"],
      ["f_text:eq:", "eq needs a value"],
      ["f_text:eq", "eq needs a value"],
      ["f_text:empty:x", "empty takes no value"],
      ["f_text:not_empty:", "not_empty takes no value"],
      ["f_text:contains: ", "contains needs a value"],
    ];
    for (const [raw, problem] of cases) expect(errorOf(await api.list({ filter: raw }), 400)).toBe(`filter '${raw}': ${problem}`);
    const contact = new RecordsApi(api.auth, "contact");
    expect(errorOf(await contact.list({ filter: "full_name:eq:x" }), 400)).toBe(
      "filter 'full_name:eq:x': computed field 'full_name' cannot be filtered",
    );
  });

  it("filters on the system columns id, owner_id, created_at and updated_at", async () => {
    const { r0, r2, r3, r4, r7 } = rec;
    expect(await api.ids({ filter: `id:eq:${r3.id}` })).toEqual([r3.id]);
    expect(await api.ids({ filter: `id:eq:${r3.id.toUpperCase()}` })).toEqual([r3.id]);
    expect(await api.ids({ filter: `id:neq:${r3.id}` })).toEqual(all().filter((id) => id !== r3.id));
    expect(await api.ids({ filter: `id:${r4.id}` })).toEqual([r4.id]);
    expect(await api.ids({ filter: "id:empty" })).toEqual([]);
    expect(await api.ids({ filter: "id:not_empty" })).toEqual(all());

    expect(await api.ids({ filter: `owner_id:eq:${t.users.admin}` })).toEqual(all());
    expect(await api.ids({ filter: `owner_id:eq:${t.users.member}` })).toEqual([]);
    expect(await api.ids({ filter: `owner_id:neq:${t.users.member}` })).toEqual(all());
    expect(await api.ids({ filter: "owner_id:empty" })).toEqual([]);

    expect(await api.ids({ filter: `created_at:gte:${r4.created_at}` })).toEqual(idsOf(["r4", "r5", "r6", "r7"]));
    expect(await api.ids({ filter: `created_at:gt:${r4.created_at}` })).toEqual(idsOf(["r5", "r6", "r7"]));
    expect(await api.ids({ filter: `created_at:lt:${r4.created_at}` })).toEqual(idsOf(["r0", "r1", "r2", "r3"]));
    expect(await api.ids({ filter: `created_at:lte:${r4.created_at}` })).toEqual(idsOf(["r0", "r1", "r2", "r3", "r4"]));
    expect(await api.ids({ filter: `created_at:eq:${r2.created_at}` })).toEqual([r2.id]);
    expect(await api.ids({ filter: `created_at:neq:${r2.created_at}` })).toEqual(all().filter((id) => id !== r2.id));

    // r0 was patched after r7 was created.
    expect(await api.ids({ filter: `updated_at:gt:${r7.updated_at}` })).toEqual([r0.id]);
    expect(await api.ids({ filter: `updated_at:eq:${r0.updated_at}` })).toEqual([r0.id]);
    expect(await api.ids({ filter: `updated_at:lt:${r0.updated_at}` })).toEqual(all().filter((id) => id !== r0.id));
    expect(await api.ids({ filter: [`created_at:lt:${r2.created_at}`, `updated_at:lte:${r7.updated_at}`] })).toEqual(idsOf(["r1"]));

    const refused: [string, string][] = [
      ["id:gt:1", "gt is not supported for id"],
      ["id:contains:1", "contains is not supported for id"],
      ["owner_id:lt:1", "lt is not supported for owner_id"],
      ["created_at:empty", "empty is not supported for created_at"],
      ["updated_at:contains:2024", "contains is not supported for updated_at"],
      ["id:eq:nope", "'nope' is not an id"],
      ["created_at:gt:soon", "'soon' is not an ISO 8601 date-time"],
    ];
    for (const [raw, problem] of refused) expect(errorOf(await api.list({ filter: raw }), 400)).toBe(`filter '${raw}': ${problem}`);
  });

  it("validates limit and offset", async () => {
    for (const limit of ["0", "501", "x", "-1", "1.5", "", "1e2"]) {
      expect(errorOf(await api.list({ limit }), 400), `limit=${limit}`).toBe("limit: must be an integer from 1 to 500");
    }
    for (const offset of ["-1", "x", "1.5", ""]) {
      expect(errorOf(await api.list({ offset }), 400), `offset=${offset}`).toMatch(/^offset: must be a non-negative integer/);
    }
    expect(errorOf(await api.list({ limit: ["1", "2"] }), 400)).toBe("limit: give it once");
    const one = await api.page({ limit: "1" });
    expect({ rows: one.data.length, total: one.total, limit: one.limit, offset: one.offset }).toEqual({
      rows: 1,
      total: 8,
      limit: 1,
      offset: 0,
    });
    const max = await api.page({ limit: "500", offset: "3" });
    expect({ rows: max.data.length, total: max.total, limit: max.limit, offset: max.offset }).toEqual({
      rows: 5,
      total: 8,
      limit: 500,
      offset: 3,
    });
    const defaults = await api.page();
    expect({ limit: defaults.limit, offset: defaults.offset }).toEqual({ limit: 50, offset: 0 });
  });
});
