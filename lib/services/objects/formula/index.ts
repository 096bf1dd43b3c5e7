/**
 * Safe formula language for read-only computed CRM fields.
 *
 *   const f = parseFormula('IF(amount > 1000, "Large", "Small")');
 *   inferFormulaType(f, { amount: "currency" }); // "text" (throws FormulaError on type errors)
 *   evaluateFormula(f, { amount: "1234.50" });   // "Large" (never throws; runtime problems -> null)
 *
 * No eval/Function: source is tokenized, parsed to an AST and interpreted.
 */
export type { BinaryOperator, FormulaNode, FormulaResultType, FormulaValue, FunctionName, ParsedFormula, UnaryOperator } from "./ast";
export { MAX_FORMULA_LENGTH, MAX_NESTING_DEPTH } from "./ast";
export { FormulaError } from "./errors";
export { evaluateFormula } from "./evaluator";
export { formulaTypeForFieldType } from "./field-types";
export { parseFormula } from "./parser";
export { inferFormulaType } from "./type-inference";
