import type { BinaryOperator, FormulaNode, FunctionName, FormulaValue, ParsedFormula } from "./ast";
import { formulaTypeForFieldType } from "./field-types";
import { coerceToType, fromUnknown, isBlank, isDecimalString, normalizeNumber, toNumber, toText } from "./values";

interface Context {
  values: Record<string, unknown>;
  fieldTypes: Record<string, string> | null;
}

/**
 * Evaluates a parsed formula against a record's field values. Never throws:
 * runtime problems (divide by zero, null or mistyped arithmetic operands, ...)
 * yield null.
 *
 * `fieldTypes` is optional. When given (same map as for inferFormulaType), each
 * field value is first coerced to its field's formula type, so e.g. a currency
 * field holding "1234.50" evaluates to the number 1234.5 everywhere, including
 * as the formula's result. Without it, values are used as they arrive and
 * decimal strings are only treated as numbers where a number is needed.
 */
export function evaluateFormula(
  formula: ParsedFormula,
  values: Record<string, unknown>,
  fieldTypes?: Record<string, string>,
): FormulaValue {
  try {
    const result = evaluate(formula.ast, { values: values ?? {}, fieldTypes: fieldTypes ?? null });
    return typeof result === "number" ? normalizeNumber(result) : result;
  } catch {
    // Only reachable with a malformed, hand-built AST; the contract is to never throw.
    return null;
  }
}

function evaluate(node: FormulaNode, ctx: Context): FormulaValue {
  switch (node.kind) {
    case "number":
    case "string":
    case "boolean":
      return node.value;
    case "null":
      return null;
    case "field":
      return readField(node.name, ctx);
    case "unary": {
      const operand = evaluate(node.operand, ctx);
      if (node.operator === "!") return typeof operand === "boolean" ? !operand : null;
      const n = toNumber(operand);
      return n === null ? null : -n;
    }
    case "binary":
      return evaluateBinary(node.operator, node.left, node.right, ctx);
    case "call":
      return evaluateCall(node.name, node.args, ctx);
  }
}

function readField(name: string, ctx: Context): FormulaValue {
  const raw = Object.hasOwn(ctx.values, name) ? ctx.values[name] : null;
  const declared = ctx.fieldTypes && Object.hasOwn(ctx.fieldTypes, name) ? ctx.fieldTypes[name] : null;
  const type = declared === null ? null : formulaTypeForFieldType(declared);
  return type === null ? fromUnknown(raw) : coerceToType(raw, type);
}

function evaluateBinary(operator: BinaryOperator, leftNode: FormulaNode, rightNode: FormulaNode, ctx: Context): FormulaValue {
  // Logical operators short-circuit and use three-valued logic (null = unknown).
  if (operator === "&&" || operator === "||") {
    const left = asLogical(evaluate(leftNode, ctx));
    if (left === undefined) return null;
    if (operator === "&&" && left === false) return false;
    if (operator === "||" && left === true) return true;
    const right = asLogical(evaluate(rightNode, ctx));
    if (right === undefined) return null;
    if (operator === "&&") return right === false ? false : left === null || right === null ? null : true;
    return right === true ? true : left === null || right === null ? null : false;
  }

  const left = evaluate(leftNode, ctx);
  const right = evaluate(rightNode, ctx);

  switch (operator) {
    case "&":
      return toText(left) + toText(right);
    case "+":
    case "-":
    case "*":
    case "/":
      return arithmetic(operator, toNumber(left), toNumber(right));
    case "=":
    case "!=": {
      const equal = equals(left, right, ctx);
      if (equal === null) return null;
      return operator === "=" ? equal : !equal;
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const order = compare(left, right, ctx);
      if (order === null) return null;
      if (operator === "<") return order < 0;
      if (operator === "<=") return order <= 0;
      if (operator === ">") return order > 0;
      return order >= 0;
    }
  }
}

/** boolean/null pass through; any other type is `undefined` (a type error). */
function asLogical(value: FormulaValue): boolean | null | undefined {
  return value === null || typeof value === "boolean" ? value : undefined;
}

function arithmetic(operator: "+" | "-" | "*" | "/", a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  let result: number;
  switch (operator) {
    case "+":
      result = a + b;
      break;
    case "-":
      result = a - b;
      break;
    case "*":
      result = a * b;
      break;
    case "/":
      if (b === 0) return null;
      result = a / b;
      break;
  }
  return Number.isFinite(result) ? result : null;
}

/** null = null is true and null = anything else is false; incomparable types -> null. */
function equals(a: FormulaValue, b: FormulaValue, ctx: Context): boolean | null {
  if (a === null || b === null) return a === b;
  if (typeof a === "boolean" || typeof b === "boolean") {
    return typeof a === typeof b ? a === b : null;
  }
  const order = compare(a, b, ctx);
  return order === null ? null : order === 0;
}

/** Returns -1/0/1, or null when either side is null or the types can't be ordered. */
function compare(a: FormulaValue, b: FormulaValue, ctx: Context): number | null {
  if (a === null || b === null || typeof a === "boolean" || typeof b === "boolean") return null;

  // Untyped evaluation can't tell a currency "900.00" from text, so two decimal
  // strings compare numerically there (otherwise "900.00" > "1000.00").
  const numeric = typeof a === "number" || typeof b === "number" || (ctx.fieldTypes === null && isDecimalString(a) && isDecimalString(b));

  if (numeric) {
    const x = normalizeOrNull(toNumber(a));
    const y = normalizeOrNull(toNumber(b));
    if (x === null || y === null) return null;
    return Math.sign(x - y);
  }
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function normalizeOrNull(n: number | null): number | null {
  return n === null ? null : normalizeNumber(n);
}

function evaluateCall(name: FunctionName, args: FormulaNode[], ctx: Context): FormulaValue {
  const arg = (i: number) => evaluate(args[i], ctx);
  switch (name) {
    case "IF": {
      const condition = arg(0);
      if (condition === true) return arg(1);
      if (condition === false || condition === null) return arg(2);
      return null;
    }
    case "ROUND": {
      const x = toNumber(arg(0));
      const digits = toNumber(arg(1));
      return x === null || digits === null ? null : roundHalfAwayFromZero(x, digits);
    }
    case "ABS": {
      const x = toNumber(arg(0));
      return x === null ? null : Math.abs(x);
    }
    case "MIN":
    case "MAX": {
      const numbers: number[] = [];
      for (let i = 0; i < args.length; i++) {
        const n = toNumber(arg(i));
        if (n === null) return null;
        numbers.push(n);
      }
      return name === "MIN" ? Math.min(...numbers) : Math.max(...numbers);
    }
    case "CONCAT":
      return args.map((_, i) => toText(arg(i))).join("");
    case "UPPER":
    case "LOWER": {
      const value = arg(0);
      if (value === null) return null;
      const text = toText(value);
      return name === "UPPER" ? text.toUpperCase() : text.toLowerCase();
    }
    case "LEN":
      return [...toText(arg(0))].length;
    case "COALESCE": {
      let value: FormulaValue = null;
      for (let i = 0; i < args.length; i++) {
        value = arg(i);
        if (!isBlank(value)) return value;
      }
      return value;
    }
    case "ISBLANK":
      return isBlank(arg(0));
  }
}

/** Decimal-exact rounding, halves away from zero: ROUND(2.675, 2) = 2.68, ROUND(-2.5, 0) = -3. */
function roundHalfAwayFromZero(x: number, digits: number): number | null {
  const base = normalizeNumber(x);
  if (base === null) return null;
  const d = Math.min(Math.trunc(digits), 10);
  const shifted = shiftDecimal(Math.abs(base), d);
  const rounded = shiftDecimal(Math.round(shifted), -d);
  return normalizeNumber(Math.sign(base) * rounded);
}

/** n * 10^exp, done on the decimal representation to avoid binary float error. */
function shiftDecimal(n: number, exp: number): number {
  const [mantissa, exponent = "0"] = String(n).split("e");
  return Number(`${mantissa}e${Number(exponent) + exp}`);
}
