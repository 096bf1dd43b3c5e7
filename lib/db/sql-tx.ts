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
  run(text: string, values: unknown[]): Promise<{ rows: unknown[]; affected: number }>;
}

function compile(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): { text: string; values: unknown[] } {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql[]));
  return { text: sql.text, values: sql.values };
}

export function sqlTx(runner: SqlRunner): SqlTx {
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const q = compile(query, values);
      return (await runner.run(q.text, q.values)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const q = compile(query, values);
      return (await runner.run(q.text, q.values)).affected;
    },
  };
}

const UUID_VALUE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement as plain SQL text, each parameter written as a literal — only for statements
 * whose parameters are all uuids (checked here; anything else throws), so that it can share a
 * simple-protocol round trip with BEGIN. A checked uuid cannot break out of its quotes.
 */
export function inlineUuids(sql: Prisma.Sql): string {
  return sql.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = sql.values[Number(n) - 1];
    if (typeof value !== "string" || !UUID_VALUE.test(value)) throw new Error(`inlineUuids: parameter $${n} is not a uuid`);
    return `'${value}'`;
  });
}
