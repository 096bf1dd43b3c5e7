import { describe, expect, it } from "vitest";
import { Prisma } from "./generated/client.ts";
import { inlineUuids } from "./sql-tx.ts";

const ids = Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("inlineUuids", () => {
  it("writes each uuid parameter as a literal in its place, $10 and $11 included", () => {
    const sql = Prisma.sql`SELECT ${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))}`;
    expect(inlineUuids(sql)).toBe(`SELECT ${ids.map((id) => `'${id}'::uuid`).join(",")}`);
  });

  it("refuses any parameter that is not a uuid, so nothing else is ever inlined", () => {
    for (const value of ["x'; DROP TABLE record; --", "00000000-0000-4000-8000-00000000000'", 42, null, ids[0]! + " "]) {
      expect(() => inlineUuids(Prisma.sql`SELECT ${value}`)).toThrow(/not a uuid/);
    }
  });
});
