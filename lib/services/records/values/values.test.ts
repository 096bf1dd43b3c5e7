import { describe, expect, it } from "vitest";
import { READ_ONLY_TYPES, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";
import { canonicalDecimal, numberKey, numberToDecimal } from "./decimal.ts";
import {
  currencyValue,
  formatValueErrors,
  indexValues,
  parseOperand,
  validateRecordInput,
  withScale,
  type IndexValue,
  type ValueError,
} from "./index.ts";

const field = (apiName: string, type: FieldType, extra: Partial<FieldDescription> = {}): FieldDescription => ({
  apiName,
  label: apiName,
  type,
  required: false,
  unique: false,
  readOnly: READ_ONLY_TYPES.has(type),
  custom: true,
  ...extra,
});

const options = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));
const UUID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";

const FIELDS: FieldDescription[] = [
  field("name", "text", { required: true }),
  field("notes", "textarea"),
  field("email", "email"),
  field("phone", "phone"),
  field("website", "url"),
  field("employees", "number"),
  field("discount", "percent"),
  field("revenue", "currency", { scale: 4 }),
  field("price", "currency", { scale: 2 }),
  field("units_price", "currency", { scale: 0 }),
  field("active", "boolean"),
  field("founded", "date"),
  field("last_contact", "datetime"),
  field("stage", "select", { options: options("lead", "won", "lost") }),
  field("tags", "multiselect", { options: options("vip", "partner", "press") }),
  field("company", "lookup", { targetObject: "company" }),
  field("score", "formula", { formula: { expression: "1", resultType: "number" } }),
  field("deal_count", "rollup", { rollup: { childObject: "deal", childField: "company", aggregate: "count" } }),
];
const byName = new Map(FIELDS.map((f) => [f.apiName, f]));
const fieldNamed = (name: string): FieldDescription => {
  const f = byName.get(name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

/** Validates one value of one field on update (so no other required fields interfere). */
function one(name: string, value: unknown) {
  return validateRecordInput(FIELDS, { [name]: value }, "update");
}
function accepts(name: string, value: unknown, normalized: unknown = value) {
  const r = one(name, value);
  expect(r, `${name} = ${JSON.stringify(value)}`).toMatchObject({ ok: true, data: { [name]: normalized } });
}
function rejects(name: string, value: unknown, message: string) {
  const r = one(name, value);
  expect(r, `${name} = ${JSON.stringify(value)}`).toEqual({ ok: false, errors: [{ path: name, message }] });
}

describe("validateRecordInput: the body", () => {
  it.each([null, undefined, "x", 1, true, [], [{ name: "a" }], new Date(), new Map()])("refuses %j as a body", (input) => {
    expect(validateRecordInput(FIELDS, input, "update")).toEqual({ ok: false, errors: [{ path: "", message: "must be a JSON object" }] });
  });

  it("accepts an object without prototype (as some parsers make)", () => {
    const body = Object.assign(Object.create(null) as Record<string, unknown>, { name: "Acme" });
    expect(validateRecordInput(FIELDS, body, "create")).toEqual({ ok: true, data: { name: "Acme" }, lookups: [] });
  });

  it("refuses unknown, system and computed keys", () => {
    const r = validateRecordInput(
      FIELDS,
      { nope: 1, id: UUID, owner_id: UUID, created_at: "x", updated_at: "x", score: 1, deal_count: 2 },
      "update",
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { path: "nope", message: "is not a field of this object" },
        { path: "id", message: "is set by the server and cannot be written" },
        { path: "owner_id", message: "is set by the server and cannot be written" },
        { path: "created_at", message: "is set by the server and cannot be written" },
        { path: "updated_at", message: "is set by the server and cannot be written" },
        { path: "score", message: "is read-only (computed)" },
        { path: "deal_count", message: "is read-only (computed)" },
      ],
    });
  });

  it("refuses a readOnly field even when sent as null", () => {
    rejects("score", null, "is read-only (computed)");
  });

  it("treats a field marked readOnly as computed whatever its type, and a formula type even without the flag", () => {
    const fields = [field("a", "text", { readOnly: true }), field("b", "formula", { readOnly: false })];
    expect(validateRecordInput(fields, { a: "x", b: 1 }, "update")).toEqual({
      ok: false,
      errors: [
        { path: "a", message: "is read-only (computed)" },
        { path: "b", message: "is read-only (computed)" },
      ],
    });
  });

  it("does not let __proto__ through, nor reach the prototype", () => {
    const body = JSON.parse('{"__proto__": {"name": "x"}, "name": "Acme"}') as unknown;
    expect(validateRecordInput(FIELDS, body, "update")).toEqual({
      ok: false,
      errors: [{ path: "__proto__", message: "is not a field of this object" }],
    });
  });

  it("says so when an unknown key contains a NUL or invalid Unicode (no field can be named so)", () => {
    const message = "is not a field of this object: the name contains a NUL character or invalid Unicode";
    for (const key of ["na\u0000me", "na\ud800me"]) {
      expect(validateRecordInput(FIELDS, { [key]: "x" }, "update")).toEqual({ ok: false, errors: [{ path: key, message }] });
    }
  });

  it("collects all errors in key order, then the missing required fields", () => {
    const fields = [...FIELDS, field("industry", "select", { required: true, options: options("tech") })];
    const r = validateRecordInput(fields, { email: "nope", bogus: 1, employees: "12", id: "x", stage: "open" }, "create");
    expect(r).toEqual({
      ok: false,
      errors: [
        { path: "email", message: "must be a valid email address" },
        { path: "bogus", message: "is not a field of this object" },
        { path: "employees", message: "must be a number" },
        { path: "id", message: "is set by the server and cannot be written" },
        { path: "stage", message: "must be one of: lead, won, lost" },
        { path: "name", message: "is required" },
        { path: "industry", message: "is required" },
      ],
    });
  });

  it("ignores keys whose value is undefined, as JSON would drop them", () => {
    expect(validateRecordInput(FIELDS, { name: "Acme", email: undefined, nope: undefined }, "create")).toEqual({
      ok: true,
      data: { name: "Acme" },
      lookups: [],
    });
    expect(validateRecordInput(FIELDS, { name: undefined }, "create")).toEqual({
      ok: false,
      errors: [{ path: "name", message: "is required" }],
    });
  });

  it("returns a fresh object with only the sent keys", () => {
    const body = { name: "Acme", email: " Info@Acme.COM " };
    const r = validateRecordInput(FIELDS, body, "create");
    expect(r).toEqual({ ok: true, data: { name: "Acme", email: "info@acme.com" }, lookups: [] });
    expect(body.email).toBe(" Info@Acme.COM ");
  });
});

describe("validateRecordInput: required", () => {
  const fields = [
    field("name", "text", { required: true }),
    field("tags", "multiselect", { required: true, options: options("a") }),
    field("email", "email", { required: true }),
    field("note", "text"),
  ];

  it("on create, needs every required field present and non-empty", () => {
    expect(validateRecordInput(fields, {}, "create")).toEqual({
      ok: false,
      errors: ["name", "tags", "email"].map((path) => ({ path, message: "is required" })),
    });
    expect(validateRecordInput(fields, { name: "", tags: [], email: null }, "create")).toEqual({
      ok: false,
      errors: ["name", "tags", "email"].map((path) => ({ path, message: "is required" })),
    });
    expect(validateRecordInput(fields, { email: "   ", name: "x", tags: ["a"] }, "create")).toEqual({
      ok: false,
      errors: [{ path: "email", message: "is required" }],
    });
    expect(validateRecordInput(fields, { name: "x", tags: ["a"], email: "a@b.co" }, "create")).toEqual({
      ok: true,
      data: { name: "x", tags: ["a"], email: "a@b.co" },
      lookups: [],
    });
  });

  it("on update, only checks what was sent", () => {
    expect(validateRecordInput(fields, {}, "update")).toEqual({ ok: true, data: {}, lookups: [] });
    expect(validateRecordInput(fields, { note: "x" }, "update")).toEqual({ ok: true, data: { note: "x" }, lookups: [] });
    expect(validateRecordInput(fields, { name: null, tags: [] }, "update")).toEqual({
      ok: false,
      errors: [
        { path: "name", message: "is required" },
        { path: "tags", message: "is required" },
      ],
    });
  });

  it("reports a required field sent empty once, where it was sent", () => {
    expect(validateRecordInput(fields, { email: "a@b.co", tags: ["a"], name: "" }, "create")).toEqual({
      ok: false,
      errors: [{ path: "name", message: "is required" }],
    });
  });

  it("does not ask for computed fields even if flagged required", () => {
    const computed = [field("total", "rollup", { required: true })];
    expect(validateRecordInput(computed, {}, "create")).toEqual({ ok: true, data: {}, lookups: [] });
  });
});

describe("validateRecordInput: empty values", () => {
  it.each(FIELDS.filter((f) => !f.readOnly && !f.required).map((f) => f.apiName))("%s: null clears the value", (name) => {
    accepts(name, null, null);
  });

  it.each(["notes", "email", "phone", "website", "revenue", "founded", "last_contact", "stage", "company"])(
    '%s: "" means no value',
    (name) => {
      accepts(name, "", null);
    },
  );

  it("multiselect: [] means no value", () => {
    accepts("tags", [], null);
  });

  it("keeps the key with null so an update can clear it", () => {
    expect(validateRecordInput(FIELDS, { notes: "", email: null }, "update")).toEqual({
      ok: true,
      data: { notes: null, email: null },
      lookups: [],
    });
  });

  it('"" is not an empty number or boolean, it is the wrong type', () => {
    rejects("employees", "", "must be a number");
    rejects("active", "", "must be true or false");
  });

  it("whitespace is empty only where values are trimmed", () => {
    accepts("email", "  ", null);
    accepts("notes", "  ", "  ");
  });
});

describe("validateRecordInput: text and textarea", () => {
  it("keeps strings as they are", () => {
    accepts("name", "  Acme  Corp ");
    accepts("notes", "line 1\nline 2");
    accepts("name", "x".repeat(1000));
    accepts("name", "😀".repeat(1000)); // 2000 UTF-16 units, but 1000 characters
    accepts("notes", "x".repeat(65535));
  });

  it("refuses non-strings, too long and unstorable strings", () => {
    rejects("name", 12, "must be a string");
    rejects("name", ["a"], "must be a string");
    rejects("name", { a: 1 }, "must be a string");
    rejects("name", "x".repeat(1001), "must be at most 1000 characters");
    rejects("notes", "x".repeat(65536), "must be at most 65535 characters");
    rejects("notes", true, "must be a string");
    rejects("name", "a\u0000b", "must not contain NUL characters or invalid Unicode");
    rejects("notes", "a\ud800b", "must not contain NUL characters or invalid Unicode");
  });
});

describe("validateRecordInput: email", () => {
  it.each([
    ["a@b.co", "a@b.co"],
    ["  John.Doe+CRM@Example.COM ", "john.doe+crm@example.com"],
    ["o'brien@sub.example.org", "o'brien@sub.example.org"],
    ["user@xn--mller-kva.de", "user@xn--mller-kva.de"],
    ["jörg@müller.de", "jörg@müller.de"],
  ])("accepts %j", (input, out) => accepts("email", input, out));

  it.each([
    "plain",
    "@example.com",
    "a@",
    "a@b",
    "a b@c.com",
    "a@b c.com",
    "a@@b.com",
    "a..b@c.com",
    ".a@c.com",
    "a.@c.com",
    "a@-b.com",
    "a@b.c",
    "a@b.123",
    'a"b@c.com',
    42,
    true,
    ["a@b.co"],
  ])("refuses %j", (input) => rejects("email", input, "must be a valid email address"));

  it("limits the length", () => {
    rejects("email", `${"a".repeat(64)}@${"b".repeat(186)}.com`, "must be at most 254 characters");
    accepts("email", `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.com`);
    rejects("email", `${"a".repeat(65)}@b.com`, "must be a valid email address");
  });
});

describe("validateRecordInput: phone", () => {
  it.each([
    ["+1 (555) 010-9999", "+1 (555) 010-9999"],
    ["030 1234.56", "030 1234.56"],
    [" 112 ", "112"],
    ["1".repeat(40), "1".repeat(40)],
  ])("accepts %j", (input, out) => accepts("phone", input, out));

  it.each(["12", "+-()", "1-2", "call me", "555 0100 ext 2", "555\t0100", "1".repeat(41), 5550100, ["555"]])("refuses %j", (input) =>
    rejects("phone", input, "must be a phone number"),
  );
});

describe("validateRecordInput: url", () => {
  it.each([
    ["https://example.com", "https://example.com"],
    ["  http://example.com/a?b=c#d ", "http://example.com/a?b=c#d"],
    ["https://EXAMPLE.com:8443/Path", "https://EXAMPLE.com:8443/Path"],
    ["http://localhost", "http://localhost"],
  ])("accepts %j, keeping the trimmed input", (input, out) => accepts("website", input, out));

  it.each([
    "example.com",
    "ftp://example.com",
    "javascript:alert(1)",
    "mailto:a@b.co",
    "https://exa mple.com",
    "https://example.com/a b",
    "http://",
    "https://",
    1,
    {},
  ])("refuses %j", (input) => rejects("website", input, "must be an http or https URL"));

  it("limits the length", () => {
    accepts("website", `https://example.com/${"a".repeat(2028)}`);
    rejects("website", `https://example.com/${"a".repeat(2029)}`, "must be at most 2048 characters");
  });
});

describe("validateRecordInput: number and percent", () => {
  it.each(["employees", "discount"])("%s accepts finite numbers below 1e15", (name) => {
    accepts(name, 0);
    accepts(name, 12.5);
    accepts(name, -3);
    accepts(name, 999_999_999_999_999);
    accepts(name, -999_999_999_999_999);
    accepts(name, 1e-7);
    accepts(name, -0, 0);
    expect(Object.is((one(name, -0) as { data: Record<string, unknown> }).data[name], 0)).toBe(true);
  });

  it.each(["employees", "discount"])("%s refuses strings, non-finite and huge numbers", (name) => {
    rejects(name, "12", "must be a number");
    rejects(name, "1e3", "must be a number");
    rejects(name, true, "must be a number");
    rejects(name, [1], "must be a number");
    rejects(name, Number.NaN, "must be a number");
    rejects(name, Number.POSITIVE_INFINITY, "must be a number");
    rejects(name, 1e15, "must be less than 1e15 in absolute value");
    rejects(name, -1e15, "must be less than 1e15 in absolute value");
  });
});

describe("validateRecordInput: currency", () => {
  it.each([
    [0, "0.0000"],
    [0.1, "0.1000"],
    [12.34, "12.3400"],
    [-5, "-5.0000"],
    [-0, "0.0000"],
    [999_999_999_999_999, "999999999999999.0000"],
    [1.0001, "1.0001"],
    ["12.50", "12.5000"],
    ["0012.5", "12.5000"],
    ["-0", "0.0000"],
    ["-0.00", "0.0000"],
    ["-007.1000", "-7.1000"],
    [" 3.14 ", "3.1400"],
    ["999999999999999.9999", "999999999999999.9999"],
  ])("accepts %j as %j (scale 4)", (input, out) => accepts("revenue", input, out));

  it.each([
    1e21,
    1e15,
    0.123456,
    1e-7,
    0.00001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "1e3",
    "1.",
    ".5",
    "+1",
    "1,5",
    "1 000",
    "abc",
    "1.23456",
    "1234567890123456",
    true,
    [1],
    { amount: 1 },
  ])("refuses %j", (input) => rejects("revenue", input, "must be a decimal with at most 4 decimal places"));

  it("stores exactly the field's scale: zeros are added or dropped, other digits refused, never rounded", () => {
    for (const [input, out] of [
      [40000, "40000.00"],
      ["40000", "40000.00"],
      ["48000.1", "48000.10"],
      ["7.5000", "7.50"],
      [0.1, "0.10"],
      ["-0.001000", null],
    ] as const) {
      if (out === null) rejects("price", input, "must be a decimal with at most 2 decimal places");
      else accepts("price", input, out);
    }
    rejects("price", 1.005, "must be a decimal with at most 2 decimal places");
    accepts("units_price", "12.000", "12");
    rejects("units_price", 12.5, "must be a whole number (this field has no decimal places)");
  });
});

describe("currency values on the way out", () => {
  it("are decimal strings with exactly the scale, whatever was stored before scales existed", () => {
    expect(currencyValue("40000", 2)).toBe("40000.00");
    expect(currencyValue("48000.00", 2)).toBe("48000.00");
    expect(currencyValue("0012.5", 4)).toBe("12.5000");
    expect(currencyValue(7.25, 2)).toBe("7.25");
    expect(currencyValue("-0.00", 2)).toBe("0.00");
    expect(currencyValue("12.00", 0)).toBe("12");
    // A digit beyond the scale is kept rather than rounded away (validation never stores one).
    expect(currencyValue("0.125", 2)).toBe("0.125");
    expect(currencyValue("not a number", 2)).toBe("not a number");
  });

  it("withScale pads and trims zeros only", () => {
    expect(withScale("5", 2)).toBe("5.00");
    expect(withScale("5.100", 2)).toBe("5.10");
    expect(withScale("53000.35", 2)).toBe("53000.35");
    expect(withScale("-3", 0)).toBe("-3");
  });
});

describe("validateRecordInput: boolean", () => {
  it("accepts only true and false", () => {
    accepts("active", true);
    accepts("active", false);
    for (const v of ["true", 1, 0, "yes", [true]]) rejects("active", v, "must be true or false");
  });
});

describe("validateRecordInput: date", () => {
  it.each(["2024-05-01", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", " 2024-05-01 "])("accepts %j", (input) =>
    accepts("founded", input, input.trim()),
  );

  it.each([
    "2023-02-29",
    "1900-02-29",
    "2024-13-01",
    "2024-00-10",
    "2024-04-31",
    "2024-05-00",
    "0000-01-01",
    "2024-5-1",
    "24-05-01",
    "2024/05/01",
    "2024-05-01T00:00:00Z",
    "20240501",
    20240501,
    new Date(0).toISOString(),
  ])("refuses %j", (input) => rejects("founded", input, "must be a date (YYYY-MM-DD)"));
});

describe("validateRecordInput: datetime", () => {
  it.each([
    ["2024-05-01T09:30:00Z", "2024-05-01T09:30:00.000Z"],
    ["2024-05-01T09:30Z", "2024-05-01T09:30:00.000Z"],
    ["2024-05-01T09:30:00.123456789Z", "2024-05-01T09:30:00.123Z"],
    ["2024-05-01T09:30:00.5+02:00", "2024-05-01T07:30:00.500Z"],
    ["2024-05-01T01:00:00-05:30", "2024-05-01T06:30:00.000Z"],
    ["2024-01-01T00:30:00+01:00", "2023-12-31T23:30:00.000Z"],
    ["2024-05-01t09:30:00z", "2024-05-01T09:30:00.000Z"],
    ["0050-06-15T12:00:00Z", "0050-06-15T12:00:00.000Z"],
  ])("accepts %j as %j", (input, out) => accepts("last_contact", input, out));

  it.each([
    "2024-05-01T09:30:00",
    "2024-05-01",
    "2024-05-01 09:30:00Z",
    "2024-05-01T24:00:00Z",
    "2024-05-01T09:60:00Z",
    "2024-05-01T09:30:60Z",
    "2023-02-29T00:00:00Z",
    "2024-05-01T09:30:00+0200",
    "2024-05-01T09:30:00+24:00",
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:30:00-01:00",
    "May 1, 2024",
    1714555800000,
  ])("refuses %j", (input) => rejects("last_contact", input, "must be an ISO 8601 date-time with a time zone"));
});

describe("validateRecordInput: select and multiselect", () => {
  it("select takes an option value exactly", () => {
    accepts("stage", "won");
    for (const v of ["Won", "won ", "WON", "open", 1, ["won"]]) rejects("stage", v, "must be one of: lead, won, lost");
  });

  it("lists at most 20 options in the message", () => {
    const many = field("size", "select", { options: options(...Array.from({ length: 25 }, (_, i) => `o${i}`)) });
    const r = validateRecordInput([many], { size: "x" }, "update");
    expect(r).toEqual({
      ok: false,
      errors: [{ path: "size", message: `must be one of: ${Array.from({ length: 20 }, (_, i) => `o${i}`).join(", ")}, ...` }],
    });
  });

  it("multiselect takes distinct option values, keeping their order", () => {
    accepts("tags", ["press", "vip"]);
    accepts("tags", ["vip"]);
    rejects("tags", ["vip", "press", "vip"], "contains 'vip' twice");
    rejects("tags", ["vip", "VIP"], "contains 'VIP', which is not one of: vip, partner, press");
    rejects("tags", [1], "contains '1', which is not one of: vip, partner, press");
    rejects("tags", [null], "contains 'null', which is not one of: vip, partner, press");
    rejects("tags", "vip", "must be a list of values from: vip, partner, press");
    rejects("tags", { 0: "vip" }, "must be a list of values from: vip, partner, press");
  });

  it("shortens long values quoted in messages", () => {
    rejects("tags", ["x".repeat(200)], `contains '${"x".repeat(47)}...', which is not one of: vip, partner, press`);
  });
});

describe("validateRecordInput: lookup", () => {
  it("takes a uuid of any version, lowercased, and reports it for an existence check", () => {
    const r = validateRecordInput(FIELDS, { company: ` ${UUID} `, name: "x" }, "create");
    expect(r).toEqual({
      ok: true,
      data: { company: UUID.toLowerCase(), name: "x" },
      lookups: [{ field: "company", targetObject: "company", id: UUID.toLowerCase() }],
    });
    accepts("company", "00000000-0000-0000-0000-000000000000");
  });

  it("does not report a cleared lookup", () => {
    expect(validateRecordInput(FIELDS, { company: null }, "update")).toEqual({ ok: true, data: { company: null }, lookups: [] });
  });

  it.each([
    "abc",
    "3f2504e0-4f89-11d3-9a0c-0305e82c330",
    "3f2504e04f8911d39a0c0305e82c3301",
    "{3f2504e0-4f89-11d3-9a0c-0305e82c3301}",
    12,
    { id: UUID },
  ])("refuses %j", (input) => rejects("company", input, "must be the id (uuid) of a company record"));
});

describe("formatValueErrors", () => {
  const e = (path: string, message: string): ValueError => ({ path, message });
  it("names the first problem and counts the rest", () => {
    expect(formatValueErrors([e("email", "must be a valid email address")])).toBe("email: must be a valid email address");
    expect(formatValueErrors([e("email", "must be a valid email address"), e("name", "is required")])).toBe(
      "email: must be a valid email address (and 1 more)",
    );
    expect(formatValueErrors([e("a", "x"), e("b", "y"), e("c", "z")])).toBe("a: x (and 2 more)");
  });
  it("leaves out an empty path and copes with no errors", () => {
    expect(formatValueErrors([e("", "must be a JSON object")])).toBe("must be a JSON object");
    expect(formatValueErrors([])).toBe("");
  });
  it("formats what validateRecordInput returns", () => {
    const r = validateRecordInput(FIELDS, { email: "x", phone: "y" }, "create");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatValueErrors(r.errors)).toBe("email: must be a valid email address (and 2 more)");
  });
});

const none: IndexValue = { text: null, num: null, ts: null };
const t = (text: string): IndexValue => ({ ...none, text });
// Numbers index an exact equality key (text, trailing fractional zeros dropped) and the value for ranges.
const n = (num: string): IndexValue => ({ ...none, text: numberKey(num), num });
const d = (iso: string): IndexValue => ({ ...none, ts: new Date(iso) });

describe("indexValues", () => {
  it.each(["text", "email", "phone", "url", "select"] as const)("%s: folded text", (type) => {
    expect(indexValues({ type }, "  JOSÉ  Núñez ")).toEqual([t("jose nunez")]);
  });

  it("folds special letters", () => {
    expect(indexValues({ type: "text" }, "Straße Øresund Łódź")).toEqual([t("strasse oresund lodz")]);
  });

  it("text and textarea: index only the first 600 folded characters (btree entries stay small)", () => {
    expect(indexValues({ type: "textarea" }, `${"É".repeat(599)}ÀBC`)).toEqual([t(`${"e".repeat(599)}a`)]);
    expect(indexValues({ type: "textarea" }, `${"😀".repeat(1000)}x`)).toEqual([t("😀".repeat(600))]);
    expect(indexValues({ type: "text" }, `${"a".repeat(1000)}`)).toEqual([t("a".repeat(600))]);
    // a ligature that folds to many characters cannot push an entry past the cap
    expect([...indexValues({ type: "text" }, "\uFDFA".repeat(1000))[0]!.text!].length).toBe(600);
  });

  it("multiselect: one entry per option", () => {
    expect(indexValues({ type: "multiselect" }, ["VIP", "Presse-Ärger"])).toEqual([t("vip"), t("presse-arger")]);
    expect(indexValues({ type: "multiselect" }, ["vip"])).toEqual([t("vip")]);
    expect(indexValues({ type: "multiselect" }, [])).toEqual([none]);
  });

  it("lookup: the uuid, lowercased", () => {
    expect(indexValues({ type: "lookup" }, UUID)).toEqual([t(UUID.toLowerCase())]);
  });

  it.each([
    [12, "12"],
    [-12.5, "-12.5"],
    [0.1, "0.1"],
    [-0, "0"],
    [1e-7, "0.0000001"],
    [-1.5e-10, "-0.00000000015"],
    [123456789012345, "123456789012345"],
    [1e21, "1000000000000000000000"],
    [1.2345e25, "12345000000000000000000000"],
  ])("number/percent: %j → %j", (value, out) => {
    expect(indexValues({ type: "number" }, value)).toEqual([n(out)]);
    expect(indexValues({ type: "percent" }, value)).toEqual([n(out)]);
  });

  it("currency: the canonical decimal", () => {
    expect(indexValues({ type: "currency" }, "12.50")).toEqual([n("12.50")]);
    expect(indexValues({ type: "currency" }, "-0012.5")).toEqual([n("-12.5")]);
    expect(indexValues({ type: "currency" }, 7.25)).toEqual([n("7.25")]);
  });

  it("boolean: 1 or 0", () => {
    expect(indexValues({ type: "boolean" }, true)).toEqual([n("1")]);
    expect(indexValues({ type: "boolean" }, false)).toEqual([n("0")]);
  });

  it("date: midnight UTC; datetime: the instant", () => {
    expect(indexValues({ type: "date" }, "2024-02-29")).toEqual([d("2024-02-29T00:00:00.000Z")]);
    expect(indexValues({ type: "date" }, "0050-01-02")).toEqual([d("0050-01-02T00:00:00.000Z")]);
    expect(indexValues({ type: "datetime" }, "2024-05-01T09:30:00.123Z")).toEqual([d("2024-05-01T09:30:00.123Z")]);
  });

  it("formula and rollup are not indexed", () => {
    expect(indexValues({ type: "formula" }, 12)).toEqual([]);
    expect(indexValues({ type: "rollup" }, null)).toEqual([]);
    expect(indexValues({ type: "formula" }, undefined)).toEqual([]);
  });

  it.each([
    "text",
    "textarea",
    "email",
    "phone",
    "url",
    "select",
    "multiselect",
    "lookup",
    "number",
    "percent",
    "currency",
    "boolean",
    "date",
    "datetime",
  ] as const)("%s: null or absent is one all-null entry", (type) => {
    expect(indexValues({ type }, null)).toEqual([none]);
    expect(indexValues({ type }, undefined)).toEqual([none]);
  });

  it("indexes values of the wrong shape as empty instead of throwing", () => {
    expect(indexValues({ type: "text" }, 12)).toEqual([none]);
    expect(indexValues({ type: "number" }, "abc")).toEqual([none]);
    expect(indexValues({ type: "number" }, Number.NaN)).toEqual([none]);
    expect(indexValues({ type: "boolean" }, "true")).toEqual([none]);
    expect(indexValues({ type: "date" }, "2023-02-29")).toEqual([none]);
    expect(indexValues({ type: "datetime" }, "yesterday")).toEqual([none]);
    expect(indexValues({ type: "multiselect" }, "vip")).toEqual([none]);
    expect(indexValues({ type: "multiselect" }, [1, "vip"])).toEqual([t("vip")]);
  });

  it("returns fresh objects each time", () => {
    const [a] = indexValues({ type: "text" }, null);
    const [b] = indexValues({ type: "text" }, null);
    expect(a).not.toBe(b);
  });

  it("indexes what validateRecordInput stored, in the shape parseOperand gives", () => {
    const r = validateRecordInput(
      FIELDS,
      { name: "Ångström", revenue: 0.1, last_contact: "2024-05-01T11:30:00+02:00", tags: ["partner", "vip"] },
      "create",
    );
    if (!r.ok) throw new Error(formatValueErrors(r.errors));
    const operand = parseOperand(fieldNamed("name"), "ANGSTROM");
    expect(operand.ok && indexValues(fieldNamed("name"), r.data.name)).toEqual([operand.ok && operand.value]);
    expect(indexValues(fieldNamed("name"), r.data.name)).toEqual([t("angstrom")]);
    expect(indexValues(fieldNamed("revenue"), r.data.revenue)).toEqual([n("0.1000")]);
    expect(indexValues(fieldNamed("last_contact"), r.data.last_contact)).toEqual([d("2024-05-01T09:30:00Z")]);
    expect(indexValues(fieldNamed("tags"), r.data.tags)).toEqual([t("partner"), t("vip")]);
  });
});

describe("parseOperand", () => {
  it.each(["text", "textarea", "email", "phone", "url"] as const)("%s: folded text", (type) => {
    expect(parseOperand({ type }, "  MÜLLER  ")).toEqual({ ok: true, value: t("muller") });
    expect(parseOperand({ type }, "")).toEqual({ ok: true, value: t("") });
  });

  it("textarea: folds only the first 600 characters, as the index does", () => {
    expect(parseOperand({ type: "textarea" }, "A".repeat(1200))).toEqual({ ok: true, value: t("a".repeat(600)) });
  });

  it("select/multiselect: an option, exact first, then folded", () => {
    const opts = options("Café", "cafe", "Won");
    for (const type of ["select", "multiselect"] as const) {
      expect(parseOperand({ type, options: opts }, "Won")).toEqual({ ok: true, value: t("won") });
      expect(parseOperand({ type, options: opts }, "WON")).toEqual({ ok: true, value: t("won") });
      expect(parseOperand({ type, options: opts }, "CAFÉ")).toEqual({ ok: true, value: t("cafe") });
      expect(parseOperand({ type, options: opts }, "open")).toEqual({ ok: false, message: "'open' is not an option of this field" });
      expect(parseOperand({ type }, "x")).toEqual({ ok: false, message: "'x' is not an option of this field" });
    }
  });

  it("lookup: a uuid, lowercased", () => {
    expect(parseOperand({ type: "lookup" }, UUID)).toEqual({ ok: true, value: t(UUID.toLowerCase()) });
    expect(parseOperand({ type: "lookup" }, "acme")).toEqual({ ok: false, message: "'acme' is not an id" });
  });

  it.each(["number", "percent", "currency"] as const)("%s: a plain decimal", (type) => {
    expect(parseOperand({ type }, "42")).toEqual({ ok: true, value: n("42") });
    expect(parseOperand({ type }, "-0012.50")).toEqual({ ok: true, value: n("-12.50") });
    expect(parseOperand({ type }, "-0")).toEqual({ ok: true, value: n("0") });
    expect(parseOperand({ type }, "123456789012345678.123456789")).toEqual({ ok: true, value: n("123456789012345678.123456789") });
    // Beyond what any stored value can be (|x| < 1e15): refused, so range casts cannot overflow.
    for (const raw of ["abc", "1e3", "1.", ".5", "+1", " 1", "", "1,5", "NaN", "Infinity", "1" + "0".repeat(21), "1".repeat(41)]) {
      expect(parseOperand({ type }, raw)).toEqual({ ok: false, message: `'${raw}' is not a number` });
    }
  });

  it("boolean: true or false", () => {
    expect(parseOperand({ type: "boolean" }, "true")).toEqual({ ok: true, value: n("1") });
    expect(parseOperand({ type: "boolean" }, "false")).toEqual({ ok: true, value: n("0") });
    expect(parseOperand({ type: "boolean" }, "yes")).toEqual({ ok: false, message: "'yes' is not true or false" });
    expect(parseOperand({ type: "boolean" }, "1")).toEqual({ ok: false, message: "'1' is not true or false" });
  });

  it("date: a valid YYYY-MM-DD", () => {
    expect(parseOperand({ type: "date" }, "2024-02-29")).toEqual({ ok: true, value: d("2024-02-29T00:00:00Z") });
    for (const raw of ["2023-02-29", "2024-5-1", "2024-05-01T00:00:00Z", "today"]) {
      expect(parseOperand({ type: "date" }, raw)).toEqual({ ok: false, message: `'${raw}' is not a date (YYYY-MM-DD)` });
    }
  });

  it("datetime: ISO 8601 with a zone, or a plain date at midnight UTC", () => {
    expect(parseOperand({ type: "datetime" }, "2024-05-01T11:30:00+02:00")).toEqual({ ok: true, value: d("2024-05-01T09:30:00Z") });
    expect(parseOperand({ type: "datetime" }, "2024-05-01")).toEqual({ ok: true, value: d("2024-05-01T00:00:00Z") });
    for (const raw of ["2024-05-01T09:30:00", "2024-02-30", "now"]) {
      expect(parseOperand({ type: "datetime" }, raw)).toEqual({ ok: false, message: `'${raw}' is not an ISO 8601 date-time` });
    }
  });

  it("computed fields cannot be filtered", () => {
    expect(parseOperand({ type: "formula" }, "1")).toEqual({ ok: false, message: "computed fields cannot be filtered" });
    expect(parseOperand({ type: "rollup" }, "1")).toEqual({ ok: false, message: "computed fields cannot be filtered" });
  });

  it("shortens long operands in messages", () => {
    expect(parseOperand({ type: "number" }, "x".repeat(100))).toEqual({ ok: false, message: `'${"x".repeat(47)}...' is not a number` });
  });
});

describe("decimal helpers", () => {
  it("numberToDecimal never uses exponent notation and round-trips", () => {
    for (const x of [0, 1, -1, 0.1, 0.3, 1 / 3, 2 ** 53, 1e-6, 1e-7, 5e-324, 1.7976931348623157e308, -2.5e-8, 1e20, 1e21]) {
      const s = numberToDecimal(x);
      expect(s).not.toMatch(/e/i);
      expect(Number(s)).toBe(x);
    }
    expect(numberToDecimal(5e-324)).toBe(`0.${"0".repeat(323)}5`);
  });

  it("canonicalDecimal drops leading zeros and the sign of zero only", () => {
    expect(canonicalDecimal("000")).toBe("0");
    expect(canonicalDecimal("-000.000")).toBe("0.000");
    expect(canonicalDecimal("0.5")).toBe("0.5");
    expect(canonicalDecimal("-0.5")).toBe("-0.5");
    expect(canonicalDecimal("100")).toBe("100");
  });
});
