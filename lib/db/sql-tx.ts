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
}

/** A driver-level client: run one parameterized statement, get rows and the affected count. */
export interface SqlRunner {
  run(text: string, values: unknown[], name?: string): Promise<{ rows: unknown[]; affected: number }>;
}

/** A statement the driver keeps prepared per connection under `statementName` (see `prepared`). */
class PreparedSql extends Prisma.Sql {
  constructor(
    readonly statementName: string,
    sql: Prisma.Sql,
  ) {
    super(sql.strings, sql.values);
  }
}

/**
 * Marks a hot statement of fixed text (one name per text) to be prepared once per connection:
 * PostgreSQL then skips planning it on later runs (on a table with many indexes, planning costs
 * more than running a key lookup). Only for statements whose best plan does not depend on the
 * values; Prisma transactions and PGlite run it as a plain statement.
 */
export const prepared = (name: string, sql: Prisma.Sql): Prisma.Sql => new PreparedSql(name, sql);

function compile(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): { text: string; values: unknown[]; name?: string } {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql[]));
  return { text: sql.text, values: sql.values, name: sql instanceof PreparedSql ? sql.statementName : undefined };
}

export function sqlTx(runner: SqlRunner): SqlTx {
  return {
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
