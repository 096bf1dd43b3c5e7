import { describe, expect, it } from "vitest";
import { Prisma } from "./generated/client.ts";
import { prepared, sqlTx, statementName } from "./sql-tx.ts";

describe("prepared statements", () => {
  it("reach the driver with their name, other statements without one", async () => {
    const sent: { text: string; values: unknown[]; name?: string }[] = [];
    const tx = sqlTx({ run: async (text, values, name) => (sent.push({ text, values, name }), { rows: [], affected: 0 }) });
    await tx.$queryRaw(prepared("lookup", Prisma.sql`SELECT ${1}::int`));
    await tx.$queryRaw(Prisma.sql`SELECT ${2}::int`);
    expect(sent).toEqual([
      { text: "SELECT $1::int", values: [1], name: "lookup" },
      { text: "SELECT $1::int", values: [2], name: undefined },
    ]);
  });

  it("keep their name on a plain Prisma.Sql, so it survives a copy of this module in another bundle", () => {
    const sql = prepared("lookup", Prisma.sql`SELECT 1`);
    expect(Object.getPrototypeOf(sql)).toBe(Prisma.Sql.prototype);
    expect((sql as unknown as Record<symbol, unknown>)[Symbol.for("crm.sql.statementName")]).toBe("lookup");
    expect(statementName(sql)).toBe("lookup");
  });
});
