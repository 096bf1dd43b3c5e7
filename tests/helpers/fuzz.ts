/**
 * Seeded generators of hostile request parts (strings, numbers, JSON bodies, query strings) for
 * the fuzz tests: the same seed gives the same requests, so a failure can be replayed.
 */

/** mulberry32: small, fast and good enough to pick test inputs reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzz {
  readonly random: () => number;
  constructor(seed: number) {
    this.random = prng(seed);
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** A string from the catalogue of troublemakers, or a random mix of its characters. */
  string(): string {
    if (this.chance(0.8)) return this.pick(NASTY_STRINGS);
    let s = "";
    const n = this.int(40);
    for (let i = 0; i < n; i++) s += this.pick(NASTY_CHARS);
    return s;
  }

  number(): number {
    return this.pick(NASTY_NUMBERS);
  }

  /** Any JSON value, nested up to `depth`. */
  json(depth = 3): unknown {
    const kind = this.int(depth > 0 ? 8 : 5);
    switch (kind) {
      case 0:
        return this.string();
      case 1:
        return this.number();
      case 2:
        return this.chance(0.5);
      case 3:
        return null;
      case 4:
        return this.pick(FIELD_VALUES);
      case 5:
      case 6:
        return this.object(depth - 1);
      default:
        return Array.from({ length: this.int(4) }, () => this.json(depth - 1));
    }
  }

  /** An object whose keys are mostly real field names, sometimes not. */
  object(depth = 2): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const n = this.int(6);
    for (let i = 0; i < n; i++)
      out[this.chance(0.7) ? this.pick(FIELD_NAMES) : this.string()] = this.chance(0.5) ? this.pick(FIELD_VALUES) : this.json(depth);
    return out;
  }

  /** A request body: a record, a bulk payload, any JSON, broken JSON or not UTF-8 at all. */
  body(): { text?: string; bytes?: Uint8Array; contentType: string } {
    const contentType = this.chance(0.9)
      ? "application/json"
      : this.pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "", "application/vnd.api+json"]);
    const kind = this.int(10);
    if (kind === 0) return { text: this.pick(BROKEN_JSON), contentType };
    if (kind === 1) return { bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType };
    if (kind === 2) return { text: JSON.stringify({ records: Array.from({ length: this.int(5) }, () => this.object()) }), contentType };
    if (kind === 3)
      return {
        text: JSON.stringify({ updates: Array.from({ length: this.int(5) }, () => ({ id: this.pick(IDS), ...this.object() })) }),
        contentType,
      };
    if (kind === 4) return { text: JSON.stringify(this.json(4)), contentType };
    if (kind === 5) return { text: `${"[".repeat(5000)}${"]".repeat(5000)}`, contentType };
    return { text: JSON.stringify(this.object()), contentType };
  }

  /** Query parameters the API knows, with hostile values, plus unknown ones. */
  query(): [string, string][] {
    const out: [string, string][] = [];
    const n = this.int(5);
    for (let i = 0; i < n; i++) {
      const key = this.chance(0.85) ? this.pick(QUERY_KEYS) : this.string();
      const value =
        key === "filter" && this.chance(0.6)
          ? `${this.pick(FIELD_NAMES)}:${this.pick(["eq", "neq", "contains", "gt", "lt", "gte", "lte", "empty", "not_empty", "bogus", ""])}:${this.string()}`
          : key === "order" && this.chance(0.6)
            ? `${this.pick(FIELD_NAMES)}:${this.pick(["asc", "desc", "up", ""])}`
            : this.chance(0.5)
              ? String(this.number())
              : this.string();
      out.push([key, value]);
    }
    return out;
  }

  /** A path parameter value: object names, ids, and trouble. */
  param(): string {
    return this.chance(0.5) ? this.pick([...OBJECTS, ...IDS]) : this.string();
  }
}

export const OBJECTS = [
  "contact",
  "company",
  "lead",
  "opportunity",
  "product",
  "activity",
  "objects",
  "data",
  "bulk",
  "nosuch",
  "Contact",
  "__proto__",
];

export const IDS = [
  "00000000-0000-0000-0000-000000000000",
  "0194d2b6-7c2e-7a00-8000-000000000001",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "1",
  "",
];

const FIELD_NAMES = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "company",
  "amount",
  "stage",
  "close_date",
  "name",
  "status",
  "score",
  "owner_id",
  "id",
  "created_at",
  "updated_at",
  "deleted_at",
  "records",
  "updates",
];

const FIELD_VALUES: unknown[] = [
  "Ada",
  "ada@example.com",
  "not-an-email",
  10_000,
  "10000.005",
  "proposal",
  "2026-01-01",
  "2026-02-30",
  "9999-99-99T99:99:99Z",
  true,
  [],
  {},
  ["a", "b"],
];

const QUERY_KEYS = [
  "limit",
  "offset",
  "search",
  "order",
  "filter",
  "filter",
  "trashed",
  "page",
  "pageSize",
  "updated_since",
  "created_since",
  "fields",
  "recordId",
];

const NASTY_STRINGS = [
  "",
  " ",
  "a",
  "contact",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\uffff",
  "é",
  "e\u0301",
  "𝕏",
  "😀",
  "\u202e",
  "../..",
  "%00",
  "%",
  "%zz",
  "'; DROP TABLE record; --",
  '" OR 1=1 --',
  "$1",
  "\\",
  "\n\r\t",
  "<script>alert(1)</script>",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "true",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9".repeat(40),
  "0x10",
  "2026-11-24T00:00:00.000Z",
  "2026-11-24",
  "x".repeat(300),
  "y".repeat(70_000),
  "::",
  ":eq:",
  "a:b:c:d",
];

const NASTY_CHARS = ["a", "Z", "0", " ", ":", "%", "\u0000", "\ud800", "é", "😀", "'", '"', "\\", "/", "?", "#", "&", "=", ",", "\n"];

const NASTY_NUMBERS = [0, -1, 1, 1.5, -0.5, 500, 501, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63), 1e308, 5e-324];

const BROKEN_JSON = ["", "{", '{"a":', "[1,2", "nul", '{"a":1}}', '"unterminated', "{'a':1}", "\u0000", "1e99999", '{"a":NaN}'];
