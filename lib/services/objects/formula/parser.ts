import { MAX_FORMULA_LENGTH, MAX_NESTING_DEPTH, type BinaryOperator, type FormulaNode, type ParsedFormula } from "./ast";
import { FormulaError } from "./errors";
import { describeArity, FUNCTION_ARITY, lookupFunction } from "./functions";
import { describeToken, tokenize, type Punctuator, type Token } from "./tokenizer";

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Binary operator precedence levels, loosest first. All levels are
 * left-associative.
 */
const BINARY_LEVELS: readonly (readonly BinaryOperator[])[] = [
  ["||"],
  ["&&"],
  ["=", "!="],
  ["<", "<=", ">", ">="],
  ["&"],
  ["+", "-"],
  ["*", "/"],
];

class Parser {
  private index = 0;
  private depth = 0;
  private readonly references: string[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly tokens: Token[]) {}

  parse(): ParsedFormula {
    const ast = this.parseBinary(0);
    const next = this.peek();
    if (next.kind !== "eof") this.unexpected(next);
    return { ast, references: this.references };
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private advance(): Token {
    const token = this.tokens[this.index];
    if (token.kind !== "eof") this.index++;
    return token;
  }

  private isPunct(token: Token, value: Punctuator): boolean {
    return token.kind === "punct" && token.value === value;
  }

  private expect(value: Punctuator): Token {
    const token = this.peek();
    if (!this.isPunct(token, value)) {
      throw new FormulaError(`Expected "${value}" but found ${describeToken(token)}`, token.position);
    }
    return this.advance();
  }

  private unexpected(token: Token): never {
    throw new FormulaError(`Unexpected ${describeToken(token)}`, token.position);
  }

  /** Guards parentheses, function calls and unary operators against runaway nesting. */
  private enter(position: number): void {
    this.depth++;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw new FormulaError(`Formula exceeds the maximum nesting depth of ${MAX_NESTING_DEPTH}`, position);
    }
  }

  private leave(): void {
    this.depth--;
  }

  private parseBinary(level: number): FormulaNode {
    if (level >= BINARY_LEVELS.length) return this.parseUnary();
    const operators = BINARY_LEVELS[level];
    let left = this.parseBinary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "punct") return left;
      const operator = operators.find((op) => op === token.value);
      if (operator === undefined) return left;
      this.advance();
      const right = this.parseBinary(level + 1);
      left = { kind: "binary", operator, left, right, position: token.position };
    }
  }

  private parseUnary(): FormulaNode {
    const token = this.peek();
    if (this.isPunct(token, "-") || this.isPunct(token, "!")) {
      this.advance();
      this.enter(token.position);
      const operand = this.parseUnary();
      this.leave();
      return { kind: "unary", operator: token.kind === "punct" && token.value === "!" ? "!" : "-", operand, position: token.position };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FormulaNode {
    const token = this.advance();
    switch (token.kind) {
      case "number":
        return { kind: "number", value: token.value, position: token.position };
      case "string":
        return { kind: "string", value: token.value, position: token.position };
      case "identifier":
        return this.parseIdentifier(token.name, token.position);
      case "punct":
        if (token.value === "(") {
          this.enter(token.position);
          const inner = this.parseBinary(0);
          this.expect(")");
          this.leave();
          return inner;
        }
        return this.unexpected(token);
      case "eof":
        return this.unexpected(token);
    }
  }

  private parseIdentifier(name: string, position: number): FormulaNode {
    if (this.isPunct(this.peek(), "(")) return this.parseCall(name, position);

    const lower = name.toLowerCase();
    if (lower === "true" || lower === "false") return { kind: "boolean", value: lower === "true", position };
    if (lower === "null") return { kind: "null", position };

    if (!FIELD_NAME.test(name)) {
      throw new FormulaError(
        `Invalid field reference "${name}" (field names must be lowercase letters, digits and underscores, starting with a letter)`,
        position,
      );
    }
    if (!this.seen.has(name)) {
      this.seen.add(name);
      this.references.push(name);
    }
    return { kind: "field", name, position };
  }

  private parseCall(rawName: string, position: number): FormulaNode {
    const name = lookupFunction(rawName);
    if (name === null) throw new FormulaError(`Unknown function "${rawName}"`, position);
    this.advance(); // "("
    this.enter(position);

    const args: FormulaNode[] = [];
    if (!this.isPunct(this.peek(), ")")) {
      for (;;) {
        args.push(this.parseBinary(0));
        if (!this.isPunct(this.peek(), ",")) break;
        this.advance();
      }
    }
    this.expect(")");
    this.leave();

    const arity = FUNCTION_ARITY[name];
    if (args.length < arity.min || (arity.max !== null && args.length > arity.max)) {
      throw new FormulaError(`Function ${name} expects ${describeArity(arity)} but got ${args.length}`, position);
    }
    return { kind: "call", name, args, position };
  }
}

export function parseFormula(source: string): ParsedFormula {
  if (typeof source !== "string") throw new FormulaError("Formula source must be a string");
  if (source.length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(`Formula is too long (${source.length} characters, maximum is ${MAX_FORMULA_LENGTH})`, MAX_FORMULA_LENGTH);
  }
  return new Parser(tokenize(source)).parse();
}
