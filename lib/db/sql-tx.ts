import { createHash } from "node:crypto";
import { Prisma } from "./generated/client.ts";

/**
 * What request code needs from a transaction: parameterized SQL through Prisma's tagged
 * templates. Prisma's interactive transaction satisfies it, and so does the driver transaction
 * of Database.tenantTransaction (client.ts), which the API's hot paths use because it costs a fraction of Prisma's
 * per-statement overhead.
 */
export interface SqlTx {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<number>;
  /**
   * Runs `fn` in a second transaction of the same tenant, on another connection, while this one
   * goes on — for independent reads that would otherwise wait for each other. Only engines with
   * more than one connection offer it (not PGlite, not Prisma transactions).
   */
  concurrently?<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  /**
   * Sends a read along with this transaction's next statement, before that one's answer is known;
   * the same statement asked later gets the kept answer without a round trip. For a plain read
   * (SELECT, no row locks) that cannot fail, issued ahead of the checks that decide whether it is
   * used (Operation.prefetch). Engines without the means ignore the hint.
   */
  prefetch?(query: Prisma.Sql): void;
  /**
   * Runs a write whose answer the caller does not need, on the transaction's next message: with
   * its next statement (ahead of it) or its COMMIT, instead of a round trip of its own. A failure
   * of the write then surfaces there and fails the transaction, as it would have here. Engines
   * without the means, and statements not yet prepared on the connection, run it at once.
   */
  executeLater?(query: Prisma.Sql): Promise<void>;
  /**
   * Runs statements in this order in one message when the engine can (each prepared on the
   * connection already), else one after the other; the rows of each. A failure fails the call
   * and skips the statements after it, as running them in turn would.
   */
  together?(queries: Prisma.Sql[]): Promise<unknown[][]>;
}

/** `tx.together` where the engine offers it, else the statements one after the other. */
export async function queryTogether(tx: SqlTx, queries: Prisma.Sql[]): Promise<unknown[][]> {
  if (tx.together) return tx.together(queries);
  const rows: unknown[][] = [];
  for (const q of queries) rows.push(await tx.$queryRaw<unknown[]>(q));
  return rows;
}

/** `tx.executeLater` where the engine offers it, else the write at once. */
export async function executeLater(tx: SqlTx, query: Prisma.Sql): Promise<void> {
  if (tx.executeLater) await tx.executeLater(query);
  else await tx.$executeRaw(query);
}

/** A driver-level client: run one parameterized statement, get rows and the affected count. */
export interface SqlRunner {
  run(text: string, values: unknown[], name?: string): Promise<{ rows: unknown[]; affected: number }>;
  prefetch?(text: string, values: unknown[], name?: string): void;
  later?(text: string, values: unknown[], name?: string): Promise<void>;
  together?(statements: { text: string; values: unknown[]; name?: string }[]): Promise<{ rows: unknown[]; affected: number }[]>;
}

/**
 * Where `prepared` keeps a statement's name. A registered symbol, not a subclass: the app's server
 * bundles may each hold their own copy of this module, so `instanceof` would not hold across them.
 */
const STATEMENT_NAME_KEY = Symbol.for("crm.sql.statementName");
type NamedSql = Prisma.Sql & { [STATEMENT_NAME_KEY]?: string };

/**
 * Marks a hot statement of fixed text (one name per text) to be prepared once per connection:
 * PostgreSQL then skips planning it on later runs (on a table with many indexes, planning costs
 * more than running a key lookup). Only for statements whose best plan does not depend on the
 * values; Prisma transactions and PGlite run it as a plain statement.
 */
export function prepared(name: string, sql: Prisma.Sql): Prisma.Sql {
  const named: NamedSql = new Prisma.Sql(sql.strings, sql.values);
  named[STATEMENT_NAME_KEY] = name;
  return named;
}

/**
 * A statement whose text varies with its shape (an object's slot columns, which parts a write has)
 * but whose best plan does not depend on its values: prepared under a name derived from its text,
 * so each shape is planned once per connection (pg-transaction.ts bounds how many).
 */
export function preparedByText(sql: Prisma.Sql): Prisma.Sql {
  return prepared(`s_${createHash("sha256").update(sql.text).digest("hex").slice(0, 32)}`, sql);
}

/** The name `prepared` gave a statement, if any. */
export const statementName = (sql: Prisma.Sql): string | undefined => (sql as NamedSql)[STATEMENT_NAME_KEY];

function compile(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): { text: string; values: unknown[]; name?: string } {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql[]));
  return { text: sql.text, values: sql.values, name: statementName(sql) };
}

export function sqlTx(runner: SqlRunner, concurrently?: <T>(fn: (tx: SqlTx) => Promise<T>) => Promise<T>): SqlTx {
  return {
    concurrently,
    prefetch: runner.prefetch
      ? (query) => {
          const q = compile(query, []);
          runner.prefetch!(q.text, q.values, q.name);
        }
      : undefined,
    executeLater: runner.later
      ? async (query) => {
          const q = compile(query, []);
          await runner.later!(q.text, q.values, q.name);
        }
      : undefined,
    together: runner.together
      ? async (queries) => (await runner.together!(queries.map((q) => compile(q, [])))).map((r) => r.rows)
      : undefined,
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const q = compile(query, values);
      return (await runner.run(q.text, q.values, q.name)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const q = compile(query, values);
      return (await runner.run(q.text, q.values, q.name)).affected;
    },
  };
}
