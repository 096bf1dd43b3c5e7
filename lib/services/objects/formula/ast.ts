export type FormulaValue = number | string | boolean | null;
export type FormulaResultType = "number" | "text" | "boolean";

export const MAX_FORMULA_LENGTH = 2000;
export const MAX_NESTING_DEPTH = 50;

export type UnaryOperator = "-" | "!";
export type ArithmeticOperator = "+" | "-" | "*" | "/";
export type ComparisonOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";
export type LogicalOperator = "&&" | "||";
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator | "&";

export type FunctionName = "IF" | "ROUND" | "ABS" | "MIN" | "MAX" | "CONCAT" | "UPPER" | "LOWER" | "LEN" | "COALESCE" | "ISBLANK";

/** Every node records the 0-based source offset it starts at (operators: the operator's offset). */
export type FormulaNode =
  | { kind: "number"; value: number; position: number }
  | { kind: "string"; value: string; position: number }
  | { kind: "boolean"; value: boolean; position: number }
  | { kind: "null"; position: number }
  | { kind: "field"; name: string; position: number }
  | { kind: "unary"; operator: UnaryOperator; operand: FormulaNode; position: number }
  | { kind: "binary"; operator: BinaryOperator; left: FormulaNode; right: FormulaNode; position: number }
  | { kind: "call"; name: FunctionName; args: FormulaNode[]; position: number };

export interface ParsedFormula {
  ast: FormulaNode;
  /** Field apiNames used, unique, in order of first use. */
  references: string[];
}
