import type { FormulaNode, FormulaResultType, FunctionName, ParsedFormula } from "./ast";
import { FormulaError } from "./errors";
import { formulaTypeForFieldType } from "./field-types";

/** "null" is the type of the null literal; it is compatible with every other type. */
type InferredType = FormulaResultType | "null";

/**
 * Statically determines the result type of a formula given the CRM field types
 * of the fields it references. Throws FormulaError for unknown field
 * references, unsupported field types and type errors (e.g. text * number).
 */
export function inferFormulaType(formula: ParsedFormula, fieldTypes: Record<string, string>): FormulaResultType {
  const type = infer(formula.ast, fieldTypes ?? {});
  if (type === "null") {
    throw new FormulaError("Formula always evaluates to null, so its result type cannot be determined", formula.ast.position);
  }
  return type;
}

function infer(node: FormulaNode, fieldTypes: Record<string, string>): InferredType {
  switch (node.kind) {
    case "number":
      return "number";
    case "string":
      return "text";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "field": {
      if (!Object.hasOwn(fieldTypes, node.name)) {
        throw new FormulaError(`Unknown field "${node.name}"`, node.position);
      }
      const fieldType = fieldTypes[node.name];
      const type = formulaTypeForFieldType(fieldType);
      if (type === null) {
        throw new FormulaError(`Field "${node.name}" has type "${fieldType}", which formulas do not support`, node.position);
      }
      return type;
    }
    case "unary": {
      const operand = infer(node.operand, fieldTypes);
      const expected = node.operator === "!" ? "boolean" : "number";
      if (!fits(operand, expected)) {
        throw new FormulaError(`Operator "${node.operator}" requires ${article(expected)} but got ${operand}`, node.position);
      }
      return expected;
    }
    case "binary":
      return inferBinary(node, infer(node.left, fieldTypes), infer(node.right, fieldTypes));
    case "call":
      return inferCall(node.name, node.args, fieldTypes);
  }
}

function inferBinary(node: Extract<FormulaNode, { kind: "binary" }>, left: InferredType, right: InferredType): InferredType {
  const mismatch = (): never => {
    throw new FormulaError(`Operator "${node.operator}" cannot be applied to ${left} and ${right}`, node.position);
  };
  switch (node.operator) {
    case "&":
      return "text";
    case "+":
    case "-":
    case "*":
    case "/":
      if (!fits(left, "number") || !fits(right, "number")) mismatch();
      return "number";
    case "&&":
    case "||":
      if (!fits(left, "boolean") || !fits(right, "boolean")) mismatch();
      return "boolean";
    case "=":
    case "!=":
      if (left !== right && left !== "null" && right !== "null") mismatch();
      return "boolean";
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const unified = left === "null" ? right : right === "null" ? left : left === right ? left : null;
      if (unified === null || unified === "boolean") mismatch();
      return "boolean";
    }
  }
}

function inferCall(name: FunctionName, args: FormulaNode[], fieldTypes: Record<string, string>): InferredType {
  const types = args.map((arg) => infer(arg, fieldTypes));
  const requireArg = (index: number, expected: FormulaResultType) => {
    if (!fits(types[index], expected)) {
      throw new FormulaError(`Argument ${index + 1} of ${name} must be ${article(expected)} but got ${types[index]}`, args[index].position);
    }
  };
  const unifyAll = (from: number): InferredType => {
    let result: InferredType = "null";
    for (let i = from; i < types.length; i++) {
      const t = types[i];
      if (t === "null") continue;
      if (result !== "null" && result !== t) {
        throw new FormulaError(`Arguments of ${name} have incompatible types ${result} and ${t}`, args[i].position);
      }
      result = t;
    }
    return result;
  };

  switch (name) {
    case "IF":
      requireArg(0, "boolean");
      return unifyAll(1);
    case "ROUND":
      requireArg(0, "number");
      requireArg(1, "number");
      return "number";
    case "ABS":
      requireArg(0, "number");
      return "number";
    case "MIN":
    case "MAX":
      types.forEach((_, i) => requireArg(i, "number"));
      return "number";
    case "CONCAT":
      return "text";
    case "UPPER":
    case "LOWER":
      requireArg(0, "text");
      return "text";
    case "LEN":
      requireArg(0, "text");
      return "number";
    case "COALESCE":
      return unifyAll(0);
    case "ISBLANK":
      return "boolean";
  }
}

function fits(actual: InferredType, expected: FormulaResultType): boolean {
  return actual === expected || actual === "null";
}

function article(type: FormulaResultType): string {
  return type === "number" ? "a number" : type === "text" ? "text" : "a boolean";
}
