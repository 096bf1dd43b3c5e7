/**
 * Request connections plan the statements the app prepares once (lib/db/client.ts sets
 * plan_cache_mode): after a few reads and writes, every prepared statement of the connection has
 * run on its generic plan only. PostgreSQL's default planned the record lookups anew on every run.
 */
import { describe, expect, inject, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant } from "../helpers/fixtures.ts";
import { bigKey, createCustomObject, RecordsApi } from "./records/helpers.ts";

describe.skipIf(!inject("pgOwnerUrl"))("prepared statements on PostgreSQL", () => {
  it("run on a generic plan, never planned per run", async () => {
    const t = await createTestTenant("generic-plans");
    await createCustomObject(t, "gp_item", [{ apiName: "code", label: "Code", type: "text", unique: true }]);
    const api = new RecordsApi(`Bearer ${await bigKey(t)}`, "gp_item");
    for (let i = 0; i < 8; i++) {
      const r = await api.mustCreate({ name: `item ${i}`, code: `c${i}` });
      await api.mustGet(r.id);
      expect((await api.patch(r.id, { code: `d${i}` })).status).toBe(200);
    }
    // Sequential transactions reuse the pool's last idle connection: the one the requests ran on.
    const statements = await withTenantSql(t.tenantId, async (tx) =>
      tx.$queryRaw<{ name: string; generic_plans: bigint; custom_plans: bigint }[]>(
        Prisma.sql`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE NOT from_sql ORDER BY name`,
      ),
    );
    const named = statements.filter((s) => /^[a-z]/.test(s.name));
    expect(named.map((s) => s.name)).toEqual(expect.arrayContaining(["find_records", "find_records_for_update", "record_change_stamp"]));
    for (const s of named) expect({ name: s.name, custom: Number(s.custom_plans) }).toEqual({ name: s.name, custom: 0 });
    expect(named.some((s) => Number(s.generic_plans) > 0)).toBe(true);
  });
});
