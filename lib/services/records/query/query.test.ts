import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { FIELD_TYPES, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";
import { requestInput } from "@/lib/adapters/rest/request-input.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { listParamsSchema } from "@/lib/schemas/records.ts";
import { DEFAULT_LIMIT, MAX_FILTERS, MAX_LIMIT } from "@/lib/schemas/paging.ts";
import { parseFilter, parseListQuery, type FilterOperator, type ListQuery } from "./index.ts";
import { searchTerms } from "./search-terms.ts";

const UUID = "0F8FAD5B-D9CB-469F-A165-70867728950E";

function field(apiName: string, type: FieldType, extra: Partial<FieldDescription> = {}): FieldDescription {
  const readOnly = type === "formula" || type === "rollup";
  return { apiName, label: apiName, type, required: false, unique: false, readOnly, custom: true, ...extra };
}

/** One field per type, named after the type, plus an ordinary "name" and "amount" for readable cases. */
const FIELDS: FieldDescription[] = [
  ...FIELD_TYPES.map((t) =>
    field(t, t, {
      options:
        t === "select" || t === "multiselect"
          ? [
              { value: "won", label: "Won" },
              { value: "Été", label: "Summer" },
            ]
          : undefined,
      targetObject: t === "lookup" ? "companies" : undefined,
    }),
  ),
  field("name", "text"),
  field("amount", "currency"),
  field("stage", "select", {
    options: [
      { value: "won", label: "Won" },
      { value: "lost", label: "Lost" },
    ],
  }),
  field("tags", "multiselect", { options: [{ value: "vip", label: "VIP" }] }),
];

/** A valid operand per field type, for the operators that take one. */
const OPERAND: Record<FieldType, string> = {
  text: "Acme",
  textarea: "Some notes",
  email: "Ann@Acme.io",
  phone: "+1 555 0100",
  url: "https://acme.io",
  number: "10",
  currency: "10.50",
  percent: "12.5",
  date: "2024-05-01",
  datetime: "2024-05-01T10:00:00Z",
  boolean: "true",
  select: "won",
  multiselect: "won",
  lookup: UUID,
  formula: "1",
  rollup: "1",
};

const OPERATORS: FilterOperator[] = ["eq", "neq", "contains", "gt", "lt", "gte", "lte", "empty", "not_empty"];
const TEXTUAL = ["text", "textarea", "email", "phone", "url"];
const RANGED = ["number", "currency", "percent", "date", "datetime"];

/** The spec's compatibility table, written out independently of the implementation's. */
function supported(type: FieldType, op: FilterOperator): boolean {
  if (op === "contains") return TEXTUAL.includes(type);
  if (["gt", "lt", "gte", "lte"].includes(op)) return RANGED.includes(type);
  return true;
}

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

const filterError = (raw: string) => errorOf(() => parseFilter(FIELDS, raw));
type Query = Record<string, string | string[]>;

/** A list query as REST receives it: query strings typed by the adapter, checked by the operation's schema, then parsed. */
function listQuery(query: Query): ListQuery {
  const url = new URL("http://crm.test/api/v1/deal");
  for (const [key, values] of Object.entries(query)) for (const value of [values].flat()) url.searchParams.append(key, value);
  return parseListQuery(FIELDS, listParamsSchema.parse(requestInput(new Request(url), { object: "deal" }, listParamsSchema)));
}

/** The message a client reads for a refused query. */
function queryMessage(query: Query): string {
  try {
    listQuery(query);
  } catch (e) {
    return toErrorBody(e, "test").body.message;
  }
  throw new Error("expected the query to be refused");
}

describe("parseFilter: every operator on every field type", () => {
  for (const type of FIELD_TYPES) {
    for (const op of OPERATORS) {
      const raw = op === "empty" || op === "not_empty" ? `${type}:${op}` : `${type}:${op}:${OPERAND[type]}`;
      if (type === "formula" || type === "rollup") {
        it(`${raw} is refused: computed`, () => {
          const e = filterError(raw);
          expect(e.code).toBe("invalid_request");
          expect(e.message).toBe(`filter '${raw}': computed field '${type}' cannot be filtered`);
        });
      } else if (supported(type, op)) {
        it(`${raw} is accepted`, () => {
          const f = parseFilter(FIELDS, raw);
          expect(f.op).toBe(op);
          expect(f.raw).toBe(raw);
          expect(f.target).toEqual({ kind: "field", field: FIELDS.find((x) => x.apiName === type) });
          if (op === "empty" || op === "not_empty") expect(f.value).toBeNull();
          else expect(f.value).not.toBeNull();
        });
      } else {
        it(`${raw} is refused: ${op} on ${type}`, () => {
          expect(filterError(raw).message).toBe(`filter '${raw}': ${op} is not supported for ${type} fields`);
        });
      }
    }
  }
});

describe("parseFilter: operands", () => {
  it("converts operands to index values", () => {
    expect(parseFilter(FIELDS, "amount:gt:1000.50").value).toEqual({ text: "1000.5", num: "1000.50", ts: null });
    expect(parseFilter(FIELDS, "name:eq:JOSÉ Núñez").value).toEqual({ text: "jose nunez", num: null, ts: null });
    expect(parseFilter(FIELDS, "date:gte:2024-05-01").value).toEqual({ text: null, num: null, ts: new Date("2024-05-01T00:00:00Z") });
    expect(parseFilter(FIELDS, "boolean:eq:false").value).toEqual({ text: "0", num: "0", ts: null });
    expect(parseFilter(FIELDS, `lookup:eq:${UUID}`).value).toEqual({ text: UUID.toLowerCase(), num: null, ts: null });
  });

  it("prefixes the values module's message with the filter", () => {
    expect(filterError("amount:gt:abc").message).toBe("filter 'amount:gt:abc': 'abc' is not a number");
    expect(filterError("stage:eq:maybe").message).toBe("filter 'stage:eq:maybe': 'maybe' is not an option of this field");
    expect(filterError("boolean:eq:yes").message).toBe("filter 'boolean:eq:yes': 'yes' is not true or false");
    expect(filterError("lookup:eq:42").message).toBe("filter 'lookup:eq:42': '42' is not an id");
  });

  it("multiselect eq/neq take one option (has / has not)", () => {
    expect(parseFilter(FIELDS, "tags:eq:VIP").value).toEqual({ text: "vip", num: null, ts: null });
    expect(parseFilter(FIELDS, "tags:neq:vip").op).toBe("neq");
    expect(filterError("tags:eq:gold").message).toBe("filter 'tags:eq:gold': 'gold' is not an option of this field");
  });

  it("contains folds the needle without validating the whole format", () => {
    expect(parseFilter(FIELDS, "email:contains:@ACME").value).toEqual({ text: "@acme", num: null, ts: null });
    expect(parseFilter(FIELDS, "name:contains:Núñez").value?.text).toBe("nunez");
  });

  it("refuses a needle that folds to nothing", () => {
    expect(filterError("name:contains:   ").message).toBe("filter 'name:contains:   ': contains needs a value");
  });

  it("requires a value for value operators", () => {
    expect(filterError("amount:gt:").message).toBe("filter 'amount:gt:': gt needs a value");
    expect(filterError("amount:gt").message).toBe("filter 'amount:gt': gt needs a value");
    expect(filterError("name:contains:").message).toBe("filter 'name:contains:': contains needs a value");
    expect(filterError("name:eq:").message).toBe("filter 'name:eq:': eq needs a value");
  });

  it("refuses a value after empty / not_empty", () => {
    expect(filterError("name:empty:x").message).toBe("filter 'name:empty:x': empty takes no value");
    expect(filterError("name:not_empty:").message).toBe("filter 'name:not_empty:': not_empty takes no value");
  });

  it("names unknown fields", () => {
    expect(filterError("nope:eq:1").message).toBe("filter 'nope:eq:1': unknown field 'nope'");
    expect(filterError("nope:1").message).toBe("filter 'nope:1': unknown field 'nope'");
  });

  it("refuses computed fields by readOnly as well as by type", () => {
    const fields = [field("score", "number", { readOnly: true })];
    expect(errorOf(() => parseFilter(fields, "score:gt:1")).message).toBe("filter 'score:gt:1': computed field 'score' cannot be filtered");
  });

  it("refuses strings that are not filters", () => {
    for (const raw of ["name", "", ":eq:x", ":x"]) {
      expect(filterError(raw).message).toBe(`filter '${raw}': expected field:operator:value or field:value`);
    }
  });

  it("shortens a huge filter in the message", () => {
    const raw = `nope:eq:${"x".repeat(5000)}`;
    const message = filterError(raw).message;
    expect(message.length).toBeLessThan(250);
    expect(message).toMatch(/^filter 'nope:eq:x+\.\.\.': unknown field 'nope'$/);
  });
});

describe("parseFilter: legacy field:value", () => {
  it("means eq", () => {
    const f = parseFilter(FIELDS, "stage:won");
    expect(f.op).toBe("eq");
    expect(f.value).toEqual({ text: "won", num: null, ts: null });
    expect(f.raw).toBe("stage:won");
  });

  it("keeps colons in the value", () => {
    expect(parseFilter(FIELDS, "name:10:30").value?.text).toBe("10:30");
    expect(parseFilter(FIELDS, "url:https://acme.io:8080/x").value?.text).toBe("https://acme.io:8080/x");
    expect(parseFilter(FIELDS, "datetime:2024-05-01T10:00:00+02:00").value?.ts).toEqual(new Date("2024-05-01T08:00:00Z"));
  });

  it("keeps colons in operator-form values too", () => {
    expect(parseFilter(FIELDS, "name:eq:a:b:c").value?.text).toBe("a:b:c");
    expect(parseFilter(FIELDS, "datetime:gt:2024-05-01T10:00:00Z").value?.ts).toEqual(new Date("2024-05-01T10:00:00Z"));
  });

  it("is chosen only by an exact operator name in the second segment", () => {
    expect(parseFilter(FIELDS, "name:EQ:x").value?.text).toBe("eq:x");
    expect(parseFilter(FIELDS, "name:equals").op).toBe("eq");
    expect(parseFilter(FIELDS, "name:empty").op).toBe("empty");
  });

  it("refuses a legacy filter with no value", () => {
    expect(filterError("name:").message).toBe("filter 'name:': eq needs a value");
  });
});

describe("parseFilter: system columns", () => {
  it("id and owner_id take a uuid, lowercased", () => {
    for (const column of ["id", "owner_id"] as const) {
      const f = parseFilter(FIELDS, `${column}:eq:${UUID}`);
      expect(f.target).toEqual({ kind: "system", column });
      expect(f.value).toEqual({ text: UUID.toLowerCase(), num: null, ts: null });
      expect(parseFilter(FIELDS, `${column}:${UUID}`).op).toBe("eq");
      expect(parseFilter(FIELDS, `${column}:neq:${UUID}`).op).toBe("neq");
      expect(parseFilter(FIELDS, `${column}:empty`).value).toBeNull();
      expect(parseFilter(FIELDS, `${column}:not_empty`).op).toBe("not_empty");
      expect(filterError(`${column}:eq:abc`).message).toBe(`filter '${column}:eq:abc': 'abc' is not an id`);
      for (const op of ["contains", "gt", "lt", "gte", "lte"]) {
        expect(filterError(`${column}:${op}:${UUID}`).message).toBe(
          `filter '${column}:${op}:${UUID}': ${op} is not supported for ${column}`,
        );
      }
    }
  });

  it("created_at and updated_at take an ISO date-time or date", () => {
    for (const column of ["created_at", "updated_at"] as const) {
      for (const op of ["eq", "neq", "gt", "lt", "gte", "lte"] as const) {
        const f = parseFilter(FIELDS, `${column}:${op}:2024-05-01T10:00:00.5-02:00`);
        expect(f).toMatchObject({ target: { kind: "system", column }, op });
        expect(f.value).toEqual({ text: null, num: null, ts: new Date("2024-05-01T12:00:00.500Z") });
      }
      expect(parseFilter(FIELDS, `${column}:gte:2024-05-01`).value?.ts).toEqual(new Date("2024-05-01T00:00:00Z"));
      for (const op of ["contains", "empty", "not_empty"]) {
        const raw = op === "contains" ? `${column}:${op}:2024` : `${column}:${op}`;
        expect(filterError(raw).message).toBe(`filter '${raw}': ${op} is not supported for ${column}`);
      }
      expect(filterError(`${column}:gt:yesterday`).message).toBe(
        `filter '${column}:gt:yesterday': 'yesterday' is not an ISO 8601 date-time`,
      );
      expect(filterError(`${column}:gt:2024-02-30`).message).toContain("is not an ISO 8601 date-time");
    }
  });

  it("hints at an offset whose '+' was decoded to a space", () => {
    expect(filterError("created_at:gt:2024-05-01T10:00:00 02:00").message).toBe(
      "filter 'created_at:gt:2024-05-01T10:00:00 02:00': '2024-05-01T10:00:00 02:00' is not an ISO 8601 date-time (encode '+' as %2B)",
    );
  });
});

describe("parseListQuery: filters", () => {
  const twelve = Array.from({ length: MAX_FILTERS }, (_, i) => `amount:gte:${i}`);

  it("accepts a single filter string and repeated filters, in order", () => {
    expect(listQuery({ filter: "stage:won" }).filters).toHaveLength(1);
    const q = listQuery({ filter: ["stage:won", "amount:gt:5"] });
    expect(q.filters.map((f) => f.raw)).toEqual(["stage:won", "amount:gt:5"]);
  });

  it("accepts 12 filters", () => {
    expect(listQuery({ filter: twelve }).filters).toHaveLength(12);
  });

  it("refuses 13 filters", () => {
    expect(queryMessage({ filter: [...twelve, "stage:won"] })).toBe("filter: at most 12 filters are allowed (got 13)");
  });

  it("reports the first bad filter", () => {
    expect(queryMessage({ filter: ["stage:won", "stage:gt:x"] })).toBe("filter 'stage:gt:x': gt is not supported for select fields");
  });
});

describe("parseListQuery: defaults", () => {
  it("applies them when nothing is given", () => {
    expect(listQuery({})).toEqual({
      limit: DEFAULT_LIMIT,
      offset: 0,
      searchTerms: [],
      filters: [],
      order: { target: { kind: "system", column: "created_at" }, direction: "desc" },
      trashed: false,
    });
  });

  it("treats an empty list as absent", () => {
    expect(listQuery({ limit: [], filter: [] }).limit).toBe(50);
  });
});

describe("parseListQuery: limit and offset", () => {
  it("accepts the bounds", () => {
    expect(listQuery({ limit: "1" }).limit).toBe(1);
    expect(listQuery({ limit: String(MAX_LIMIT) }).limit).toBe(500);
    expect(listQuery({ limit: ["20"] }).limit).toBe(20);
    expect(listQuery({ offset: "0" }).offset).toBe(0);
    expect(listQuery({ offset: "10000000" }).offset).toBe(10_000_000);
  });

  it("refuses limits outside 1..500 and non-integers", () => {
    for (const limit of ["0", "501", "-1", "1.5", "abc", "", " 5", "1e2", "0x10", "99999999999999999999"]) {
      expect(queryMessage({ limit })).toBe("limit: must be an integer from 1 to 500");
    }
  });

  it("refuses bad offsets", () => {
    for (const offset of ["-1", "1.5", "x", "", "10000001"]) {
      expect(queryMessage({ offset })).toMatch(/^offset: must be a non-negative integer/);
    }
  });
});

describe("parseListQuery: parameters given twice", () => {
  for (const name of ["limit", "offset", "search", "order", "trashed"] as const) {
    it(name, () => {
      expect(queryMessage({ [name]: ["1", "2"] })).toBe(`${name}: give it once`);
    });
  }
});

describe("parseListQuery: trashed", () => {
  it("parses true and false", () => {
    expect(listQuery({ trashed: "true" }).trashed).toBe(true);
    expect(listQuery({ trashed: "false" }).trashed).toBe(false);
  });

  it("refuses anything else", () => {
    for (const trashed of ["1", "yes", "TRUE", ""]) {
      expect(queryMessage({ trashed })).toBe("trashed: must be true or false");
    }
  });
});

describe("parseListQuery: order", () => {
  const order = (o: string) => listQuery({ order: o }).order;

  it("defaults to created_at desc", () => {
    expect(listQuery({}).order).toEqual({ target: { kind: "system", column: "created_at" }, direction: "desc" });
  });

  it("orders by a field asc or desc", () => {
    expect(order("amount:asc")).toEqual({ target: { kind: "field", field: FIELDS.find((f) => f.apiName === "amount") }, direction: "asc" });
    expect(order("name:desc").direction).toBe("desc");
    expect(order("name").direction).toBe("asc");
  });

  it("orders by system columns", () => {
    for (const column of ["id", "owner_id", "created_at", "updated_at"]) {
      expect(order(`${column}:asc`)).toEqual({ target: { kind: "system", column }, direction: "asc" });
    }
  });

  it("orders by every type but multiselect, textarea and computed ones", () => {
    for (const type of FIELD_TYPES) {
      if (["multiselect", "textarea", "formula", "rollup"].includes(type)) {
        expect(queryMessage({ order: `${type}:asc` })).toBe(`order: cannot order by '${type}' (${type})`);
      } else {
        expect(order(`${type}:desc`).direction).toBe("desc");
      }
    }
    expect(queryMessage({ order: "tags:asc" })).toBe("order: cannot order by 'tags' (multiselect)");
  });

  it("refuses unknown fields and bad directions", () => {
    expect(queryMessage({ order: "x:asc" })).toBe("order: unknown field 'x'");
    expect(queryMessage({ order: "name:up" })).toBe("order: direction must be asc or desc");
    expect(queryMessage({ order: "name:DESC" })).toBe("order: direction must be asc or desc");
    expect(queryMessage({ order: "name:" })).toBe("order: direction must be asc or desc");
    expect(queryMessage({ order: ":asc" })).toBe("order: expected <field>:asc or <field>:desc");
  });
});

describe("search", () => {
  it("splits folded words", () => {
    expect(searchTerms("José  Núñez-Smith")).toEqual(["jose", "nunez", "smith"]);
    expect(searchTerms("Straße, O'Brien & Co.")).toEqual(["strasse", "o", "brien", "co"]);
    expect(searchTerms("ACME acme Acme 42")).toEqual(["acme", "42"]);
    expect(searchTerms("  -- ")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("feeds searchTerms from the search parameter", () => {
    expect(listQuery({ search: "José  Núñez-Smith" }).searchTerms).toEqual(["jose", "nunez", "smith"]);
  });

  it("allows 200 characters, counted as characters", () => {
    expect(listQuery({ search: "é".repeat(200) }).searchTerms).toEqual(["e".repeat(200)]);
    expect(listQuery({ search: "😀".repeat(200) }).searchTerms).toEqual([]);
    expect(queryMessage({ search: "a".repeat(201) })).toBe("search: at most 200 characters");
  });
});
