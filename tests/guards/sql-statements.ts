/**
 * Checks statements against a migrated schema without running them: each is parsed and analysed
 * (a renamed table or column, a function that does not exist, a parameter whose type cannot be
 * inferred all fail here as they would in a request), and its result columns are compared with the
 * row type the code declares for it.
 */
import type { CatalogueStatement, RowColumn } from "./sql-catalogue.ts";

/** A statement's result columns, as PostgreSQL describes a prepared statement. */
export type Describe = (text: string) => Promise<{ name: string; dataTypeID: number }[]>;

/**
 * The TypeScript kind each result type arrives as from both engines' drivers. int8 is not among
 * them: node-postgres gives a string and PGlite a number, so a row type may promise neither (cast
 * in SQL, or declare `string | number` and convert).
 */
const ARRIVES_AS: Record<number, RowColumn["kind"]> = {
  16: "boolean",
  18: "string",
  19: "string",
  21: "number",
  23: "number",
  25: "string",
  700: "number",
  701: "number",
  1042: "string",
  1043: "string",
  1082: "Date",
  1114: "Date",
  1184: "Date",
  1700: "string",
  2950: "string",
};
const INT8 = 20;

export async function statementProblems(describe: Describe, statements: CatalogueStatement[]): Promise<string[]> {
  const problems: string[] = [];
  for (const s of statements) {
    let fields: { name: string; dataTypeID: number }[];
    try {
      fields = await describe(s.text);
    } catch (err) {
      problems.push(`${s.site}: ${(err as Error).message}\n    ${s.text.replace(/\s+/g, " ").trim().slice(0, 400)}`);
      continue;
    }
    if (s.row) problems.push(...rowProblems(s.site, s.row, fields));
  }
  return problems;
}

function rowProblems(site: string, row: RowColumn[], fields: { name: string; dataTypeID: number }[]): string[] {
  const out: string[] = [];
  const names = new Set(fields.map((f) => f.name));
  for (const c of row) if (!c.optional && !names.has(c.name)) out.push(`${site}: the row type's '${c.name}' is not a column of the result`);
  for (const f of fields) {
    const c = row.find((r) => r.name === f.name);
    if (!c) {
      out.push(`${site}: result column '${f.name}' is missing from the row type`);
      continue;
    }
    if (c.kind === "other") continue;
    if (f.dataTypeID === INT8) {
      out.push(`${site}: '${f.name}' (bigint) is declared ${c.kind}: it arrives as a string on PostgreSQL and a number on PGlite`);
      continue;
    }
    const arrives = ARRIVES_AS[f.dataTypeID];
    if (arrives && arrives !== c.kind) out.push(`${site}: '${f.name}' is declared ${c.kind}, but arrives as ${arrives}`);
  }
  return out;
}
