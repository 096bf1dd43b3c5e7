import pg from "pg";

/**
 * Statements prepared on a connection run as `EXECUTE name('…', …)` in a simple-query message: one
 * write to the socket instead of the extended protocol's Bind/Describe/Execute/Sync, and it can
 * share its message with the transaction's opening (`BEGIN; SET LOCAL …; EXECUTE …`). On these
 * machines each round trip's socket write costs more CPU than PostgreSQL spends on a key lookup.
 * SQL EXECUTE runs statements the driver prepared with a protocol-level Parse; the arguments go
 * as quoted literals, which PostgreSQL coerces to the prepared parameter types exactly as it does
 * bound text values. Statements with other arguments take the extended protocol, as before.
 */
const STATEMENT_NAME = /^[a-z][a-z0-9_]*$/;

/** Names of the statements prepared on each connection (the driver prepares them on first use). */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

/**
 * Statements a connection prepares at most: write statements are named by their text
 * (sql-tx.ts preparedByText), whose shapes vary with objects' slot layouts; past this, new ones
 * run unnamed, so a connection's memory stays bounded however many shapes the tenants have.
 */
const MAX_PREPARED_PER_CONNECTION = 200;

/** Whether `name` is prepared on this connection already, or may still be. */
export function mayPrepare(client: pg.ClientBase, name: string): boolean {
  const names = preparedOn.get(client);
  return !names || names.has(name) || names.size < MAX_PREPARED_PER_CONNECTION;
}

export function notePrepared(client: pg.ClientBase, name: string): void {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Set()));
  names.add(name);
}

/** An array element in PostgreSQL's array literal syntax (what the driver sends for arrays). */
const arrayElement = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

// A NUL ends a simple-query message early (PostgreSQL refuses the whole message): such values are
// bound instead, where PostgreSQL answers the same error as for any other statement.
const inlinable = (s: string) => !s.includes("\u0000");

/** An array as PostgreSQL's array literal, as the driver sends it; undefined for elements it cannot inline. */
function arrayLiteral(values: unknown[], budget: number): string | undefined {
  const elements: string[] = [];
  let length = 0;
  for (const v of values) {
    let element: string;
    if (v === null || v === undefined) element = "NULL";
    else if (typeof v === "string" && inlinable(v)) element = arrayElement(v);
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean") element = String(v);
    else return undefined;
    // Past the budget it would not be inlined anyway: stop building it.
    if ((length += element.length + 1) > budget) return undefined;
    elements.push(element);
  }
  return pg.escapeLiteral(`{${elements.join(",")}}`);
}

/** `value` as an SQL literal of at most about `budget` characters, or undefined. */
function literal(value: unknown, budget: number): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") return inlinable(value) ? pg.escapeLiteral(value) : undefined;
  if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean" || typeof value === "bigint")
    return `'${String(value)}'`;
  // Every timestamp column is timestamptz: the UTC instant reads the same as the driver's local-time form.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  if (Array.isArray(value)) return arrayLiteral(value, budget);
  return undefined;
}

/**
 * Arguments past this many characters are bound instead: PostgreSQL scans a literal in the query
 * text more slowly than it takes a bound value. Measured on one connection, a 500-row insert's
 * arguments (108 KiB as literals) took 17-19 ms inlined against 9-11 ms bound with a round trip
 * more; the two were even at about 5 KiB.
 */
const MAX_INLINE_CHARS = 4096;

/** `EXECUTE name('a', NULL)` for a statement prepared on this connection with literal-able arguments, else undefined. */
export function executeStatement(client: pg.ClientBase, name: string | undefined, values: unknown[]): string | undefined {
  if (!name || !STATEMENT_NAME.test(name) || !preparedOn.get(client)?.has(name)) return undefined;
  const args: string[] = [];
  let length = 0;
  for (const v of values) {
    const l = literal(v, MAX_INLINE_CHARS - length);
    if (l === undefined || (length += l.length) > MAX_INLINE_CHARS) return undefined;
    args.push(l);
  }
  return args.length ? `EXECUTE ${name}(${args.join(", ")})` : `EXECUTE ${name}`;
}
