import { describe, expect, it } from "vitest";
import { evaluateFormula, FormulaError, inferFormulaType, MAX_NESTING_DEPTH, parseFormula, type FormulaValue } from "./index";

const run = (source: string, values: Record<string, unknown> = {}, fieldTypes?: Record<string, string>): FormulaValue =>
  evaluateFormula(parseFormula(source), values, fieldTypes);

const typeOf = (source: string, fieldTypes: Record<string, string> = {}) => inferFormulaType(parseFormula(source), fieldTypes);

function parseError(source: string): FormulaError {
  try {
    parseFormula(source);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail to parse`);
}

function typeError(source: string, fieldTypes: Record<string, string> = {}): FormulaError {
  const parsed = parseFormula(source);
  try {
    inferFormulaType(parsed, fieldTypes);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail type inference`);
}

describe("literals", () => {
  it("parses decimal numbers", () => {
    expect(run("42")).toBe(42);
    expect(run("3.25")).toBe(3.25);
    expect(run(".5")).toBe(0.5);
    expect(run("007")).toBe(7);
  });

  it("parses strings with escapes", () => {
    expect(run('"hello"')).toBe("hello");
    expect(run('"say \\"hi\\""')).toBe('say "hi"');
    expect(run('"back\\\\slash"')).toBe("back\\slash");
    expect(run('"a\\nb\\tc"')).toBe("a\nb\tc");
    expect(run('""')).toBe("");
  });

  it("parses true/false/null case-insensitively", () => {
    expect(run("true")).toBe(true);
    expect(run("FALSE")).toBe(false);
    expect(run("Null")).toBe(null);
  });

  it("ignores whitespace including newlines", () => {
    expect(run(" \n 1 \t+\r\n 2 ")).toBe(3);
  });
});

describe("precedence and associativity", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["10 - 4 - 3", 3], // left-assoc: (10 - 4) - 3
    ["100 / 10 / 5", 2], // left-assoc: (100 / 10) / 5
    ["10 - 2 + 3", 11],
    ["2 * 3 / 4", 1.5],
    ["-2 * 3", -6],
    ["-(2 + 3)", -5],
    ["--4", 4],
    ["2 - -3", 5],
    ["1 + 2 = 3", true],
    ["1 < 2 = 2 < 3", true], // comparison binds tighter than equality
    ["1 + 1 > 1", true],
  ])("%s → %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("&& binds tighter than ||", () => {
    expect(run("true || false && false")).toBe(true);
    expect(run("(true || false) && false")).toBe(false);
  });

  it("! binds tighter than && and ||", () => {
    expect(run("!false && false")).toBe(false);
    expect(run("!(false && false)")).toBe(true);
    expect(run("!true || true")).toBe(true);
  });

  it("& sits between comparison and additive operators", () => {
    expect(run('"n=" & 1 + 2')).toBe("n=3");
    expect(run('"a" & "b" = "ab"')).toBe(true);
    expect(run('"x" & 1 * 2 & "y"')).toBe("x2y");
  });

  it("produces a left-associative AST", () => {
    const { ast } = parseFormula("a - b - c");
    expect(ast).toMatchObject({
      kind: "binary",
      operator: "-",
      left: { kind: "binary", operator: "-", left: { name: "a" }, right: { name: "b" } },
      right: { kind: "field", name: "c" },
    });
  });
});

describe("arithmetic", () => {
  it("rounds float noise to 10 decimal places", () => {
    expect(run("0.1 + 0.2")).toBe(0.3);
    expect(run("1 / 3")).toBe(0.3333333333);
    expect(run("1 / 3 * 3")).toBe(1);
    expect(run("0.1 + 0.2 = 0.3")).toBe(true);
  });

  it("returns null on divide by zero", () => {
    expect(run("1 / 0")).toBeNull();
    expect(run("0 / 0")).toBeNull();
    expect(run("amount / qty", { amount: 10, qty: 0 })).toBeNull();
    expect(run("amount / qty", { amount: 10, qty: "0.00" })).toBeNull();
  });

  it("returns null for null operands", () => {
    expect(run("1 + null")).toBeNull();
    expect(run("amount * 2", {})).toBeNull();
    expect(run("amount * 2", { amount: null })).toBeNull();
    expect(run("-amount", { amount: null })).toBeNull();
  });

  it("returns null for wrongly typed operands", () => {
    expect(run('"abc" * 2')).toBeNull();
    expect(run("true + 1")).toBeNull();
    expect(run("-name", { name: "Bob" })).toBeNull();
    expect(run("amount + 1", { amount: { nested: 1 } })).toBeNull();
    expect(run("amount + 1", { amount: Number.NaN })).toBeNull();
  });

  it("returns null on overflow", () => {
    expect(run("big * big", { big: 1e300 })).toBeNull();
  });

  it("never returns negative zero", () => {
    expect(Object.is(run("-0"), 0)).toBe(true);
    expect(Object.is(run("0 * -1"), 0)).toBe(true);
  });
});

describe("decimal string inputs", () => {
  it("treats decimal strings as numbers in arithmetic", () => {
    expect(run("amount * 0.1", { amount: "1234.50" })).toBe(123.45);
    expect(run('"1234.50" * 0.1')).toBe(123.45);
    expect(run("amount + fee", { amount: "0.10", fee: "0.20" })).toBe(0.3);
    expect(run("amount - 1", { amount: "-5" })).toBe(-6);
    expect(run("-amount", { amount: "12.5" })).toBe(-12.5);
  });

  it("compares two decimal strings numerically when untyped", () => {
    expect(run("amount > budget", { amount: "900.00", budget: "1000.00" })).toBe(false);
    expect(run("amount = budget", { amount: "10.50", budget: "10.5" })).toBe(true);
    expect(run("amount > 1000", { amount: "1234.50" })).toBe(true);
  });

  it("keeps decimal strings as text for concatenation", () => {
    expect(run('"$" & amount', { amount: "1234.50" })).toBe("$1234.50");
  });

  it("with fieldTypes, coerces values to their field type up front", () => {
    const types = { amount: "currency", zip: "text", other_zip: "text", active: "boolean" };
    expect(run("amount", { amount: "1234.50" }, types)).toBe(1234.5);
    expect(run("COALESCE(amount, 0)", { amount: "99.90" }, types)).toBe(99.9);
    expect(run("amount", { amount: "not a number" }, types)).toBeNull();
    // text fields stay text: no numeric comparison of "02134" and "2134"
    expect(run("zip = other_zip", { zip: "02134", other_zip: "2134" }, types)).toBe(false);
    expect(run('zip & ""', { zip: 2134 }, types)).toBe("2134");
    expect(run("active", { active: "true" }, types)).toBe(true);
  });
});

describe("comparison", () => {
  it.each([
    ["1 = 1", true],
    ["1 != 1", false],
    ["1 < 2", true],
    ["2 <= 2", true],
    ["3 > 2", true],
    ["2 >= 3", false],
    ['"apple" < "banana"', true],
    ['"a" = "a"', true],
    ['"a" != "A"', true],
    ["true = true", true],
    ["true != false", true],
  ])("%s → %s", (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it("compares ISO dates as text", () => {
    expect(run('close_date < "2024-06-01"', { close_date: "2024-05-31" })).toBe(true);
  });

  it("treats null equality as a definite answer", () => {
    expect(run("null = null")).toBe(true);
    expect(run("x = null", {})).toBe(true);
    expect(run("x = null", { x: 5 })).toBe(false);
    expect(run("x != null", { x: "a" })).toBe(true);
  });

  it("ordering with null or incompatible types is null", () => {
    expect(run("x < 5", {})).toBeNull();
    expect(run("true < false")).toBeNull();
    expect(run('"abc" = 1')).toBeNull();
    expect(run("true = 1")).toBeNull();
  });
});

describe("logical operators", () => {
  it("evaluates with three-valued logic", () => {
    expect(run("true && true")).toBe(true);
    expect(run("true && false")).toBe(false);
    expect(run("false || true")).toBe(true);
    expect(run("false || false")).toBe(false);
    expect(run("false && null")).toBe(false);
    expect(run("null && false")).toBe(false);
    expect(run("true && null")).toBeNull();
    expect(run("true || null")).toBe(true);
    expect(run("null || true")).toBe(true);
    expect(run("false || null")).toBeNull();
    expect(run("!null")).toBeNull();
  });

  it("short-circuits", () => {
    expect(run("false && 1")).toBe(false);
    expect(run("true || 1")).toBe(true);
  });

  it("returns null for non-boolean operands", () => {
    expect(run("1 && true")).toBeNull();
    expect(run("true && 1")).toBeNull();
    expect(run('!"x"')).toBeNull();
  });
});

describe("concatenation", () => {
  it("joins text, numbers and booleans and treats null as empty", () => {
    expect(run('first & " " & last', { first: "Ada", last: "Lovelace" })).toBe("Ada Lovelace");
    expect(run('"x" & null & "y"')).toBe("xy");
    expect(run('"n" & 0.1 + 0.2')).toBe("n0.3");
    expect(run('"flag: " & true')).toBe("flag: true");
    expect(run("missing & missing", {})).toBe("");
  });

  it("joins multiselect arrays", () => {
    expect(run('"Tags: " & tags', { tags: ["a", "b"] })).toBe("Tags: a, b");
  });
});

describe("functions", () => {
  it("are case-insensitive", () => {
    expect(run("abs(-1)")).toBe(1);
    expect(run("Abs(-1)")).toBe(1);
    expect(run('iF(true, "y", "n")')).toBe("y");
  });

  it("does not confuse a field named like a function with a call", () => {
    expect(parseFormula("round + 1").references).toEqual(["round"]);
    expect(run("round + 1", { round: 2 })).toBe(3);
  });

  it("IF evaluates only the chosen branch", () => {
    expect(run('IF(amount > 100, "big", "small")', { amount: 150 })).toBe("big");
    expect(run('IF(amount > 100, "big", "small")', { amount: 50 })).toBe("small");
    expect(run('IF(amount > 100, "big", "small")', {})).toBe("small"); // null condition → else
    expect(run("IF(true, 1, 1 / 0)")).toBe(1);
    expect(run("IF(1, 2, 3)")).toBeNull();
  });

  it("ROUND rounds half away from zero with exact decimals", () => {
    expect(run("ROUND(2.675, 2)")).toBe(2.68);
    expect(run("ROUND(1.005, 2)")).toBe(1.01);
    expect(run("ROUND(2.5, 0)")).toBe(3);
    expect(run("ROUND(-2.5, 0)")).toBe(-3);
    expect(run("ROUND(-1.234, 1)")).toBe(-1.2);
    expect(run("ROUND(1234.5678, -2)")).toBe(1200);
    expect(run("ROUND(amount * 0.075, 2)", { amount: "1234.50" })).toBe(92.59);
    expect(run("ROUND(1.23456, 2.9)")).toBe(1.23); // digits truncated
    expect(run("ROUND(null, 2)")).toBeNull();
    expect(run("ROUND(1.5, null)")).toBeNull();
    expect(run('ROUND("x", 1)')).toBeNull();
  });

  it("ABS", () => {
    expect(run("ABS(-3.5)")).toBe(3.5);
    expect(run("ABS(3)")).toBe(3);
    expect(run('ABS("-2.50")')).toBe(2.5);
    expect(run("ABS(null)")).toBeNull();
  });

  it("MIN and MAX", () => {
    expect(run("MIN(3, 1, 2)")).toBe(1);
    expect(run("MAX(3, 1, 2)")).toBe(3);
    expect(run("MAX(-1)")).toBe(-1);
    expect(run("MAX(a, b)", { a: "10.5", b: 3 })).toBe(10.5);
    expect(run("MIN(1, null)")).toBeNull();
    expect(run('MAX(1, "x")')).toBeNull();
  });

  it("CONCAT", () => {
    expect(run('CONCAT("a", 1, true, null, "z")')).toBe("a1truez");
    expect(run('CONCAT("only")')).toBe("only");
  });

  it("UPPER and LOWER", () => {
    expect(run('UPPER("MiXed")')).toBe("MIXED");
    expect(run('LOWER("MiXed")')).toBe("mixed");
    expect(run("UPPER(name)", {})).toBeNull();
  });

  it("LEN counts characters (not UTF-16 units); blank is 0", () => {
    expect(run('LEN("hello")')).toBe(5);
    expect(run('LEN("")')).toBe(0);
    expect(run('LEN("😀")')).toBe(1);
    expect(run("LEN(name)", {})).toBe(0);
  });

  it("COALESCE returns the first non-blank value", () => {
    expect(run('COALESCE(nickname, first_name, "friend")', { first_name: "Ada" })).toBe("Ada");
    expect(run('COALESCE(nickname, first_name, "friend")', { nickname: "", first_name: null })).toBe("friend");
    expect(run("COALESCE(a, b)", {})).toBeNull();
    expect(run('COALESCE(a, "")', {})).toBe("");
    expect(run("COALESCE(0, 5)")).toBe(0);
    expect(run("COALESCE(false, true)")).toBe(false);
  });

  it("ISBLANK", () => {
    expect(run("ISBLANK(x)", {})).toBe(true);
    expect(run("ISBLANK(x)", { x: null })).toBe(true);
    expect(run("ISBLANK(x)", { x: "" })).toBe(true);
    expect(run("ISBLANK(x)", { x: [] })).toBe(true);
    expect(run("ISBLANK(x)", { x: "a" })).toBe(false);
    expect(run("ISBLANK(x)", { x: 0 })).toBe(false);
    expect(run("ISBLANK(x)", { x: false })).toBe(false);
  });
});

describe("references", () => {
  it("lists unique field apiNames in order of first use", () => {
    const { references } = parseFormula('IF(b > a, CONCAT(c, b), "x" & a) & d_2');
    expect(references).toEqual(["b", "a", "c", "d_2"]);
  });

  it("excludes functions and keywords", () => {
    expect(parseFormula("ABS(1) + MAX(2, 3)").references).toEqual([]);
    expect(parseFormula("IF(true, null, false)").references).toEqual([]);
  });

  it("does not read inherited properties of the values object", () => {
    expect(run("constructor", {})).toBeNull();
    expect(run("ISBLANK(to_string)", {})).toBe(true);
    expect(() => typeOf("constructor", {})).toThrow('Unknown field "constructor" at position 0');
  });
});

describe("parse errors", () => {
  it.each([
    ["(1 + 2))", 'Unexpected ")" at position 7', 7],
    ["1 +", "Unexpected end of formula at position 3", 3],
    ["", "Unexpected end of formula at position 0", 0],
    ["   ", "Unexpected end of formula at position 3", 3],
    ["1 2", "Unexpected number 2 at position 2", 2],
    ["a b", 'Unexpected "b" at position 2', 2],
    ["* 3", 'Unexpected "*" at position 0', 0],
    ["(1 + 2", 'Expected ")" but found end of formula at position 6', 6],
    ["ABS(1 2)", 'Expected ")" but found number 2 at position 6', 6],
    ["MAX(1,)", 'Unexpected ")" at position 6', 6],
    ["MAX(,1)", 'Unexpected "," at position 4', 4],
    ["1 # 2", 'Unexpected character "#" at position 2', 2],
    ["a | b", 'Unexpected "|" (did you mean "||"?) at position 2', 2],
    ["1.", 'Unexpected character "." at position 1', 1],
    ['"abc', "Unterminated string literal starting at position 0", 0],
    ['x & "ab\\', "Unterminated string literal starting at position 4", 4],
    ['"a\\qb"', 'Invalid escape sequence "\\q" at position 2', 2],
    ["Amount + 1", 'Invalid field reference "Amount"', 0],
    ["_x", 'Invalid field reference "_x"', 0],
    ["1 + FOO(2)", 'Unknown function "FOO" at position 4', 4],
    ["IF(true, 1)", "Function IF expects 3 arguments but got 2 at position 0", 0],
    ["ROUND(1)", "Function ROUND expects 2 arguments but got 1 at position 0", 0],
    ["ABS(1, 2)", "Function ABS expects 1 argument but got 2 at position 0", 0],
    ["MAX()", "Function MAX expects at least 1 argument but got 0 at position 0", 0],
    ["x ++ 1", 'Unexpected "+" at position 3', 3],
  ])("%j → %s", (source, message, position) => {
    const error = parseError(source);
    expect(error).toBeInstanceOf(FormulaError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("FormulaError");
    expect(error.message).toContain(message);
    expect(error.message).toContain(`at position ${position}`);
    expect(error.position).toBe(position);
  });

  it("rejects sources longer than 2000 characters", () => {
    const ok = "1" + " ".repeat(1999);
    expect(ok.length).toBe(2000);
    expect(run(ok)).toBe(1);
    expect(() => parseFormula(ok + " ")).toThrow(FormulaError);
    expect(() => parseFormula(ok + " ")).toThrow(/too long \(2001 characters, maximum is 2000\)/);
  });

  it("rejects out-of-range number literals", () => {
    expect(() => parseFormula("9".repeat(400))).toThrow("Number 999");
  });

  it("handles long flat expressions within the length limit", () => {
    const source = Array.from({ length: 1000 }, () => "1").join("+");
    expect(source.length).toBeLessThanOrEqual(2000);
    expect(run(source)).toBe(1000);
    expect(typeOf(source)).toBe("number");
  });
});

describe("nesting depth limit", () => {
  const nestParens = (n: number) => "(".repeat(n) + "1" + ")".repeat(n);
  const nestCalls = (n: number) => "ABS(".repeat(n) + "-1" + ")".repeat(n);

  it(`allows ${MAX_NESTING_DEPTH} levels`, () => {
    expect(MAX_NESTING_DEPTH).toBe(50);
    expect(run(nestParens(50))).toBe(1);
    expect(run(nestCalls(49))).toBe(1); // 49 calls + unary minus = 50
  });

  it("rejects deeper nesting with the position of the offending level", () => {
    const error = parseError(nestParens(51));
    expect(error.message).toBe("Formula exceeds the maximum nesting depth of 50 at position 50");
    expect(error.position).toBe(50);
    expect(() => parseFormula(nestCalls(51))).toThrow(/maximum nesting depth of 50 at position 200/);
    expect(() => parseFormula("-".repeat(51) + "1")).toThrow(/maximum nesting depth/);
    expect(() => parseFormula("!".repeat(51) + "true")).toThrow(/maximum nesting depth/);
  });

  it("counts depth along one path, not in total", () => {
    const wide = Array.from({ length: 60 }, () => "(1)").join(" + ");
    expect(run(wide)).toBe(60);
  });

  it("rejects pathological input quickly", () => {
    expect(() => parseFormula("(".repeat(2000))).toThrow(/maximum nesting depth/);
  });
});

describe("type inference", () => {
  const fields = {
    name: "text",
    notes: "textarea",
    email: "email",
    phone: "phone",
    site: "url",
    stage: "select",
    tags: "multiselect",
    close_date: "date",
    updated_at: "datetime",
    owner: "lookup",
    qty: "number",
    amount: "currency",
    rate: "percent",
    active: "boolean",
  };

  it("maps every CRM field type", () => {
    for (const f of ["name", "notes", "email", "phone", "site", "stage", "tags", "close_date", "updated_at", "owner"]) {
      expect(typeOf(f, fields)).toBe("text");
    }
    for (const f of ["qty", "amount", "rate"]) expect(typeOf(f, fields)).toBe("number");
    expect(typeOf("active", fields)).toBe("boolean");
  });

  it.each([
    ["1 + 2", "number"],
    ["amount * rate / 100", "number"],
    ["-qty", "number"],
    ['name & " " & amount', "text"],
    ["qty > 5", "boolean"],
    ['stage = "Won"', "boolean"],
    ['close_date < "2024-01-01"', "boolean"],
    ["active && qty > 1 || !active", "boolean"],
    ['IF(active, "yes", "no")', "text"],
    ["IF(active, amount, null)", "number"],
    ["IF(null, null, true)", "boolean"],
    ["ROUND(amount, 2)", "number"],
    ["ABS(qty)", "number"],
    ["MIN(qty, amount, 3)", "number"],
    ["MAX(qty)", "number"],
    ["CONCAT(name, qty, active)", "text"],
    ["UPPER(name)", "text"],
    ["LOWER(email)", "text"],
    ["LEN(notes)", "number"],
    ["COALESCE(null, amount, 0)", "number"],
    ["COALESCE(name, owner)", "text"],
    ["ISBLANK(amount)", "boolean"],
    ["amount = null", "boolean"],
    ["1 + null", "number"],
  ])("%s → %s", (source, expected) => {
    expect(typeOf(source, fields)).toBe(expected);
  });

  it("accepts formula result types as field types (formula referencing formula)", () => {
    expect(typeOf("total * 2", { total: "number" })).toBe("number");
  });

  it("throws for unknown field references with position", () => {
    const error = typeError("qty + missing", fields);
    expect(error.message).toBe('Unknown field "missing" at position 6');
    expect(error.position).toBe(6);
  });

  it("throws for unsupported field types", () => {
    expect(() => typeOf("blob", { blob: "json" })).toThrow('Field "blob" has type "json", which formulas do not support at position 0');
  });

  it.each([
    ["name * qty", 'Operator "*" cannot be applied to text and number at position 5'],
    ['"a" + 1', 'Operator "+" cannot be applied to text and number at position 4'],
    ["active + 1", 'Operator "+" cannot be applied to boolean and number at position 7'],
    ["-name", 'Operator "-" requires a number but got text at position 0'],
    ["!qty", 'Operator "!" requires a boolean but got number at position 0'],
    ["qty && active", 'Operator "&&" cannot be applied to number and boolean at position 4'],
    ['amount = "100"', 'Operator "=" cannot be applied to number and text at position 7'],
    ["active < true", 'Operator "<" cannot be applied to boolean and boolean at position 7'],
    ["1 < 2 < 3", 'Operator "<" cannot be applied to boolean and number at position 6'],
    ["IF(qty, 1, 2)", "Argument 1 of IF must be a boolean but got number at position 3"],
    ['IF(active, 1, "one")', "Arguments of IF have incompatible types number and text at position 14"],
    ["ROUND(name, 2)", "Argument 1 of ROUND must be a number but got text at position 6"],
    ['ROUND(1, "2")', "Argument 2 of ROUND must be a number but got text at position 9"],
    ["ABS(active)", "Argument 1 of ABS must be a number but got boolean at position 4"],
    ['MAX(1, 2, "3")', "Argument 3 of MAX must be a number but got text at position 10"],
    ["UPPER(qty)", "Argument 1 of UPPER must be text but got number at position 6"],
    ["LEN(active)", "Argument 1 of LEN must be text but got boolean at position 4"],
    ["COALESCE(name, qty)", "Arguments of COALESCE have incompatible types text and number at position 15"],
  ])("%s → %s", (source, message) => {
    expect(typeError(source, fields).message).toBe(message);
  });

  it("throws when the result is always null", () => {
    expect(() => typeOf("null")).toThrow(/always evaluates to null/);
    expect(() => typeOf("COALESCE(null, null)")).toThrow(FormulaError);
  });
});

describe("evaluation is consistent with inference for well-typed formulas", () => {
  const fieldTypes = { amount: "currency", qty: "number", name: "text", active: "boolean" };
  const record = { amount: "1234.50", qty: 3, name: "Acme", active: true };
  const formulas = [
    "amount * qty",
    "ROUND(amount / 7, 2)",
    'IF(active, UPPER(name), "inactive")',
    "LEN(name) + qty",
    'name & ": " & amount',
    "amount > 1000 && active",
    "COALESCE(amount, 0)",
  ];
  it.each(formulas)("%s", (source) => {
    const parsed = parseFormula(source);
    const type = inferFormulaType(parsed, fieldTypes);
    const value = evaluateFormula(parsed, record, fieldTypes);
    const runtimeType = typeof value === "string" ? "text" : typeof value;
    expect(runtimeType).toBe(type);
  });
});

describe("evaluateFormula never throws", () => {
  it("tolerates odd inputs", () => {
    const parsed = parseFormula("a + b");
    expect(evaluateFormula(parsed, { a: undefined, b: 1 })).toBeNull();
    expect(evaluateFormula(parsed, { a: Symbol("s"), b: 1 })).toBeNull();
    expect(evaluateFormula(parsed, { a: () => 1, b: 1 })).toBeNull();
    expect(evaluateFormula(parsed, { a: 10n, b: 1 })).toBe(11);
    expect(evaluateFormula(parsed, { a: 1, b: 2 }, { a: "bogus_type" })).toBe(3);
  });

  it("returns null for a malformed hand-built AST", () => {
    const broken = { ast: { kind: "unary", operator: "-", position: 0 }, references: [] } as unknown as Parameters<
      typeof evaluateFormula
    >[0];
    expect(evaluateFormula(broken, {})).toBeNull();
  });

  it("renders dates as ISO text", () => {
    expect(run('"on " & d', { d: new Date("2024-01-02T03:04:05.000Z") })).toBe("on 2024-01-02T03:04:05.000Z");
  });
});
