/**
 * Every SQL statement written in the app's source, read with the TypeScript compiler: each
 * `Prisma.sql` / `$queryRaw` / `$executeRaw` template whose text can be known without running the
 * app, with `$n` for each value, and the row type a `$queryRaw<Row[]>` declares for it. A
 * fragment interpolated into a statement is followed wherever it is written (a const, an object of
 * fragments, a conditional, `Prisma.raw` of a string whose type is a union of literals, a function
 * returning one), and each alternative gives a variant of the statement. Templates built from
 * fragments only known at run time (a filter list, a slot column) are reported as `composed`, by
 * site, for the builder tests to cover.
 */
import path from "node:path";
import ts from "typescript";

/** A column a hand-written row type expects, and the kind of value its TypeScript type holds. */
export interface RowColumn {
  name: string;
  optional: boolean;
  kind: "string" | "number" | "bigint" | "boolean" | "Date" | "other";
}

export interface CatalogueStatement {
  /** `file:line` of the template. */
  site: string;
  /** The statement with `$1`, `$2`… for its values. */
  text: string;
  /** What `$queryRaw<Row[]>` declares its rows to be, when it does. */
  row?: RowColumn[];
}

export interface Catalogue {
  statements: CatalogueStatement[];
  /** Sites of statements whose text depends on fragments known only at run time. */
  composed: string[];
}

const VALUE = Symbol("value");
type Part = string | typeof VALUE;
/** The alternatives an expression may stand for in SQL, or null when they cannot be known. */
type Variants = Part[][] | null;

/** Statements as PostgreSQL's parser sees them start with one of these (after comments). */
const STATEMENT_START = /^(SELECT|WITH|INSERT|UPDATE|DELETE|VALUES)\b/i;
/** Alternatives kept per template: one per alternative of each fragment, the others at their first. */
const MAX_VARIANTS = 64;

export function readSqlCatalogue(root: string, dirs: string[]): Catalogue {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error("tsconfig.json could not be read");
  const inScope = (f: string) =>
    dirs.some((d) => f.startsWith(path.join(root, d) + path.sep)) &&
    !/\.test\.tsx?$/.test(f) &&
    !f.includes(`${path.sep}generated${path.sep}`);
  const roots = config.fileNames.filter(inScope);
  const program = ts.createProgram(roots, config.options);
  const checker = program.getTypeChecker();
  const reader = new TemplateReader(checker);
  const templates: { node: ts.TaggedTemplateExpression; site: string; variants: Variants }[] = [];
  for (const file of program.getSourceFiles()) {
    if (!inScope(file.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
        const site = `${path.relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        templates.push({ node, site, variants: reader.template(node.template) });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const statements: CatalogueStatement[] = [];
  const composed: string[] = [];
  for (const { node, site, variants } of templates) {
    // A template another one interpolates is a part of that one's text, checked there.
    if (reader.embedded.has(node) && !isQueryTag(node.tag)) continue;
    if (!variants) {
      if (isQueryTag(node.tag) || STATEMENT_START.test(leadingText(node.template))) composed.push(site);
      continue;
    }
    const row = rowTypeOf(checker, node);
    for (const parts of variants) {
      const text = numbered(parts);
      if (STATEMENT_START.test(withoutComments(text))) statements.push({ site, text, ...(row ? { row } : {}) });
    }
  }
  return { statements: dedupe(statements), composed: [...new Set(composed)] };
}

function dedupe(statements: CatalogueStatement[]): CatalogueStatement[] {
  const seen = new Set<string>();
  return statements.filter((s) => {
    const key = `${s.site}\n${s.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const withoutComments = (text: string) => text.replace(/--[^\n]*\n|\/\*[\s\S]*?\*\//g, " ").trim();

function leadingText(t: ts.TemplateLiteral): string {
  return withoutComments(ts.isNoSubstitutionTemplateLiteral(t) ? t.text : t.head.text);
}

function numbered(parts: Part[]): string {
  let n = 0;
  return parts.map((p) => (p === VALUE ? `$${++n}` : p)).join("");
}

/** `Prisma.sql`, `sql`, `tx.$queryRaw`, `x.$executeRaw`. */
function isSqlTag(tag: ts.Expression): boolean {
  if (ts.isPropertyAccessExpression(tag)) return ["sql", "$queryRaw", "$executeRaw"].includes(tag.name.text);
  return ts.isIdentifier(tag) && tag.text === "sql";
}

function isQueryTag(tag: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(tag) && ["$queryRaw", "$executeRaw"].includes(tag.name.text);
}

/** The columns of `Row` in `tx.$queryRaw<Row[]>`…, when given. */
function rowTypeOf(checker: ts.TypeChecker, node: ts.TaggedTemplateExpression): RowColumn[] | undefined {
  const arg = node.typeArguments?.[0];
  if (!arg) return undefined;
  const type = checker.getTypeFromTypeNode(arg);
  const element = checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
  if (!element) return undefined;
  const props = checker.getPropertiesOfType(element);
  if (!props.length) return undefined;
  return props.map((p) => {
    const t = checker.getNonNullableType(checker.getTypeOfSymbol(p));
    return { name: p.name, optional: (p.flags & ts.SymbolFlags.Optional) !== 0, kind: kindOf(checker, t) };
  });
}

function kindOf(checker: ts.TypeChecker, t: ts.Type): RowColumn["kind"] {
  const parts = t.isUnion() ? t.types : [t];
  const kinds = new Set(
    parts.map((p): RowColumn["kind"] => {
      if (p.flags & ts.TypeFlags.StringLike) return "string";
      if (p.flags & ts.TypeFlags.NumberLike) return "number";
      if (p.flags & ts.TypeFlags.BigIntLike) return "bigint";
      if (p.flags & ts.TypeFlags.BooleanLike) return "boolean";
      if (checker.typeToString(p) === "Date") return "Date";
      return "other";
    }),
  );
  return kinds.size === 1 ? [...kinds][0]! : "other";
}

class TemplateReader {
  readonly #checker: ts.TypeChecker;
  /** Declarations being followed, so that a recursive builder reads as unknown instead of looping. */
  readonly #following = new Set<ts.Node>();
  /** Templates met as a fragment of another template. */
  readonly embedded = new Set<ts.Node>();

  constructor(checker: ts.TypeChecker) {
    this.#checker = checker;
  }

  template(t: ts.TemplateLiteral): Variants {
    if (ts.isNoSubstitutionTemplateLiteral(t)) return [[t.text]];
    const pieces: Variants[] = [[[t.head.text]]];
    for (const span of t.templateSpans) {
      pieces.push(this.fragment(span.expression), [[span.literal.text]]);
    }
    return combine(pieces);
  }

  /** What `${expr}` inside a SQL template stands for: a value, or the text of a fragment. */
  fragment(expr: ts.Expression): Variants {
    const e = unwrap(expr);
    if (!this.#isSql(e)) return [[VALUE]];
    if (ts.isTaggedTemplateExpression(e)) {
      if (!isSqlTag(e.tag)) return null;
      this.embedded.add(e);
      return this.template(e.template);
    }
    if (ts.isConditionalExpression(e)) return alternatives([this.fragment(e.whenTrue), this.fragment(e.whenFalse)]);
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind))
      return alternatives([this.fragment(e.left), this.fragment(e.right)]);
    if (ts.isPropertyAccessExpression(e) && e.getText() === "Prisma.empty") return [[""]];
    if (ts.isCallExpression(e)) return this.#call(e);
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) return this.#declared(e);
    return null;
  }

  #call(e: ts.CallExpression): Variants {
    // A template handed to a builder becomes part of what the builder returns.
    for (const arg of e.arguments) {
      const a = unwrap(arg);
      if (ts.isTaggedTemplateExpression(a) && isSqlTag(a.tag)) this.embedded.add(a);
    }
    const callee = e.expression.getText();
    if (callee === "Prisma.raw") {
      const text = e.arguments[0] && this.text(e.arguments[0]);
      return text ? text.map((s) => [s]) : null;
    }
    if (callee === "Prisma.join") {
      const [list, separator] = e.arguments;
      if (!list) return null;
      const sep = separator ? this.text(separator)?.[0] : ",";
      if (sep === undefined) return null;
      const items = unwrap(list);
      if (ts.isArrayLiteralExpression(items)) {
        const pieces: Variants[] = [];
        items.elements.forEach((el, i) => {
          if (i) pieces.push([[sep]]);
          pieces.push(ts.isSpreadElement(el) ? null : this.fragment(el));
        });
        return combine(pieces);
      }
      // A list of values joins as `$1,$2…`: one stands for them all. A list of fragments is run-time text.
      const element = this.#checker.getIndexTypeOfType(this.#checker.getTypeAtLocation(items), ts.IndexKind.Number);
      return element && !this.#isSqlType(element) ? [[VALUE]] : null;
    }
    if (callee === "prepared" || callee === "preparedByText") {
      const sql = e.arguments[callee === "prepared" ? 1 : 0];
      return sql ? this.fragment(sql) : null;
    }
    // A builder whose every return is a fragment readable without its arguments.
    const decl = this.#functionOf(e.expression);
    if (!decl || this.#following.has(decl)) return null;
    this.#following.add(decl);
    try {
      const returns = returnedExpressions(decl);
      return returns.length ? alternatives(returns.map((r) => this.fragment(r))) : null;
    } finally {
      this.#following.delete(decl);
    }
  }

  /** A const (or a const object's property) holding a fragment. */
  #declared(e: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression): Variants {
    if (ts.isElementAccessExpression(e)) {
      const literal = this.#objectLiteral(e.expression);
      if (!literal) return null;
      // Any of the object's fragments may be picked.
      return alternatives(literal.properties.map((p) => (ts.isPropertyAssignment(p) ? this.fragment(p.initializer) : null)));
    }
    const decl = this.#declarationOf(e);
    if (!decl || this.#following.has(decl)) return null;
    this.#following.add(decl);
    try {
      if (ts.isVariableDeclaration(decl) && decl.initializer && isConst(decl)) return this.fragment(decl.initializer);
      if (ts.isPropertyAssignment(decl)) return this.fragment(decl.initializer);
      return null;
    } finally {
      this.#following.delete(decl);
    }
  }

  /** The strings a string expression may be: literals, templates of them, and unions of literal types. */
  text(expr: ts.Expression): string[] | null {
    const e = unwrap(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isConditionalExpression(e)) {
      const a = this.text(e.whenTrue);
      const b = this.text(e.whenFalse);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isTemplateExpression(e)) {
      let out = [e.head.text];
      for (const span of e.templateSpans) {
        const options = this.text(span.expression);
        if (!options) return null;
        out = out.flatMap((prefix) => options.map((o) => prefix + o + span.literal.text)).slice(0, MAX_VARIANTS);
      }
      return out;
    }
    const type = this.#checker.getTypeAtLocation(e);
    const literals = (type.isUnion() ? type.types : [type]).map((t) =>
      t.isStringLiteral() || t.isNumberLiteral() ? String(t.value) : undefined,
    );
    return literals.every((l) => l !== undefined) ? (literals as string[]) : null;
  }

  #isSql(e: ts.Expression): boolean {
    return this.#isSqlType(this.#checker.getTypeAtLocation(e));
  }

  #isSqlType(t: ts.Type): boolean {
    const parts = t.isUnion() ? t.types : [t];
    return parts.some((p) => p.getSymbol()?.getName() === "Sql");
  }

  #declarationOf(e: ts.Node): ts.Declaration | undefined {
    let symbol = this.#checker.getSymbolAtLocation(e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.#checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  #objectLiteral(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
    const decl = this.#declarationOf(unwrap(e));
    const init = decl && ts.isVariableDeclaration(decl) && isConst(decl) ? decl.initializer : undefined;
    const literal = init && unwrap(init);
    return literal && ts.isObjectLiteralExpression(literal) ? literal : undefined;
  }

  #functionOf(e: ts.Expression): ts.FunctionLikeDeclaration | undefined {
    const decl = this.#declarationOf(e);
    if (!decl) return undefined;
    if (ts.isFunctionDeclaration(decl)) return decl;
    if (ts.isVariableDeclaration(decl) && decl.initializer) {
      const init = unwrap(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  }
}

function isConst(decl: ts.VariableDeclaration): boolean {
  return (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0;
}

function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x) || ts.isSatisfiesExpression(x))
    x = x.expression;
  return x;
}

function returnedExpressions(fn: ts.FunctionLikeDeclaration): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    // A nested function's returns are its own.
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn.body, visit);
  return out;
}

/** Either of several fragments: all their alternatives, or unknown if any is. */
function alternatives(list: Variants[]): Variants {
  if (list.some((v) => v === null)) return null;
  return (list as Part[][][]).flat().slice(0, MAX_VARIANTS);
}

/**
 * The pieces in a row: the first alternative of each, then each other alternative of one piece
 * with the rest at their first — every alternative appears in some variant, without the product.
 */
function combine(pieces: Variants[]): Variants {
  if (pieces.some((p) => p === null || p.length === 0)) return null;
  const list = pieces as Part[][][];
  const base = list.map((p) => p[0]!);
  const out: Part[][] = [base.flat()];
  list.forEach((options, i) => {
    for (const alt of options.slice(1)) {
      if (out.length >= MAX_VARIANTS) return;
      out.push(base.map((b, j) => (j === i ? alt : b)).flat());
    }
  });
  return out;
}
