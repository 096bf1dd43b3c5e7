import { FormulaError } from "./errors";

export type Punctuator = "+" | "-" | "*" | "/" | "&" | "=" | "!=" | "<" | "<=" | ">" | ">=" | "&&" | "||" | "!" | "(" | ")" | ",";

export type Token =
  | { kind: "number"; value: number; text: string; position: number }
  | { kind: "string"; value: string; position: number }
  | { kind: "identifier"; name: string; position: number }
  | { kind: "punct"; value: Punctuator; position: number }
  | { kind: "eof"; position: number };

// Longest first so that "<=" wins over "<", "&&" over "&", etc.
const PUNCTUATORS: readonly Punctuator[] = ["&&", "||", "!=", "<=", ">=", "+", "-", "*", "/", "&", "=", "<", ">", "!", "(", ")", ","];

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", n: "\n", t: "\t" };

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isIdentStart = (c: string | undefined) => c !== undefined && /^[A-Za-z_]$/.test(c);
const isIdentPart = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9_]$/.test(c);
const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r";

export function describeToken(token: Token): string {
  switch (token.kind) {
    case "number":
      return `number ${token.text}`;
    case "string":
      return "string literal";
    case "identifier":
      return `"${token.name}"`;
    case "punct":
      return `"${token.value}"`;
    case "eof":
      return "end of formula";
  }
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;

  while (i < source.length) {
    const c = source[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;

    if (isDigit(c) || (c === "." && isDigit(source[i + 1]))) {
      while (isDigit(source[i])) i++;
      if (source[i] === "." && isDigit(source[i + 1])) {
        i++;
        while (isDigit(source[i])) i++;
      }
      const text = source.slice(start, i);
      const value = Number(text);
      if (!Number.isFinite(value)) throw new FormulaError(`Number ${text} is out of range`, start);
      tokens.push({ kind: "number", value, text, position: start });
      continue;
    }

    if (c === '"') {
      i++;
      let value = "";
      for (;;) {
        const ch = source[i];
        if (ch === undefined) throw new FormulaError("Unterminated string literal starting", start);
        if (ch === '"') {
          i++;
          break;
        }
        if (ch === "\\") {
          const next = source[i + 1];
          const escaped = next === undefined ? undefined : ESCAPES[next];
          if (escaped === undefined) {
            if (next === undefined) throw new FormulaError("Unterminated string literal starting", start);
            throw new FormulaError(`Invalid escape sequence "\\${next}"`, i);
          }
          value += escaped;
          i += 2;
          continue;
        }
        value += ch;
        i++;
      }
      tokens.push({ kind: "string", value, position: start });
      continue;
    }

    if (isIdentStart(c)) {
      while (isIdentPart(source[i])) i++;
      tokens.push({ kind: "identifier", name: source.slice(start, i), position: start });
      continue;
    }

    const punct = PUNCTUATORS.find((p) => source.startsWith(p, i));
    if (punct !== undefined) {
      tokens.push({ kind: "punct", value: punct, position: start });
      i += punct.length;
      continue;
    }

    if (c === "|") throw new FormulaError('Unexpected "|" (did you mean "||"?)', start);
    const char = String.fromCodePoint(source.codePointAt(i) ?? 0);
    throw new FormulaError(`Unexpected character ${JSON.stringify(char)}`, start);
  }

  tokens.push({ kind: "eof", position: source.length });
  return tokens;
}
