/**
 * Row-level security, proven with the application's own tenant filters out of the way: every
 * query here runs in a withTenantSql transaction, or one with no tenant set, with no tenant in its
 * where clause, so only the database policies can keep tenants apart.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { APP_ROLE, DEFAULT_TENANT_CONCURRENCY } from "@/lib/db/config.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { NO_TENANT, withPlatformSql, withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../helpers/fixtures.ts";

/** Every table that holds tenant data (the tenant row itself included). */
const TENANT_TABLES = ["tenant", "role", "role_permission", "app_user", "api_key", "object_def", "field_def", "record"] as const;

const RLS_VIOLATION = /row-level security/i;

/**
 * A transaction with no tenant set: the setting back at its default, as a connection has it outside
 * any tenant's transaction (every way the app has to the database sets one first).
 */
async function withNoTenant<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  return withPlatformSql(async (tx) => {
    await tx.$executeRaw`SET LOCAL app.tenant_id TO DEFAULT`;
    return fn(tx);
  });
}

/** The ways to the database that name no tenant: none set, and the platform's transaction (the nil tenant). */
const NO_TENANT_PATHS = { "no tenant set": withNoTenant, withPlatformSql } as const;

async function countRaw(tx: SqlTx, table: (typeof TENANT_TABLES)[number]): Promise<number> {
  const rows = await tx.$queryRaw<{ n: number }[]>(Prisma.raw(`SELECT count(*)::int AS n FROM "${table}"`));
  return rows[0]!.n;
}

async function countRecords(tx: SqlTx): Promise<number> {
  const rows = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM record`;
  return rows[0]!.n;
}

type RecordRow = { id: string; tenantId: string };

/** Records as `tx` sees them, filtered by `where` (none: every record). */
const selectRecords = (tx: SqlTx, where: Prisma.Sql = Prisma.sql`TRUE`) =>
  tx.$queryRaw<RecordRow[]>`SELECT id::text, tenant_id::text AS "tenantId" FROM record WHERE ${where}`;

async function companyObjectId(t: TestTenant): Promise<string> {
  return withTenantSql(t.tenantId, async (tx) => {
    const [object] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM object_def WHERE tenant_id = ${t.tenantId}::uuid AND api_name = 'company' LIMIT 1`;
    if (!object) throw new Error("company object missing");
    return object.id;
  });
}

/** Inserts `n` company records for the tenant; returns their ids. */
async function addRecords(t: TestTenant, n: number): Promise<string[]> {
  const objectId = await companyObjectId(t);
  return withTenantSql(t.tenantId, async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = `Company ${i} of ${t.tenantId.slice(0, 8)}`;
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO record (tenant_id, id, object_id, data, name)
        VALUES (${t.tenantId}::uuid, ${randomUUID()}::uuid, ${objectId}::uuid, ${JSON.stringify({ name })}::jsonb, ${name})
        RETURNING id::text`;
      ids.push(row!.id);
    }
    return ids;
  });
}

/** A's records as A sees them, for "unchanged afterwards" comparisons. */
async function snapshotRecords(t: TestTenant) {
  return withTenantSql(
    t.tenantId,
    async (tx) =>
      tx.$queryRaw<unknown[]>`
      SELECT id::text, tenant_id::text AS "tenantId", name, data, updated_at AS "updatedAt", deleted_at AS "deletedAt"
      FROM record ORDER BY id`,
  );
}

describe("row-level security", () => {
  let a: TestTenant;
  let b: TestTenant;
  let aRecords: string[];
  let bRecords: string[];

  beforeAll(async () => {
    a = await createTestTenant("rls-a");
    b = await createTestTenant("rls-b");
    // Different counts, so a query answered for the wrong tenant cannot pass by coincidence.
    aRecords = await addRecords(a, 3);
    bRecords = await addRecords(b, 2);
    for (const t of [a, b]) {
      await createTestKey(t);
      await denyRole(t, "member", "lead", { read: true, create: false, update: false, delete: false });
    }
  });

  describe("inside withTenantSql(B), with no tenant filter in the query", () => {
    it("a SELECT without a where clause returns only B's records", async () => {
      const rows = await withTenantSql(b.tenantId, async (tx) => selectRecords(tx));
      expect(rows.map((r) => r.id).sort()).toEqual([...bRecords].sort());
      expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([b.tenantId]));
    });

    it("a SELECT WHERE tenant_id = A returns nothing", async () => {
      const rows = await withTenantSql(b.tenantId, async (tx) => selectRecords(tx, Prisma.sql`tenant_id = ${a.tenantId}::uuid`));
      expect(rows).toEqual([]);
      const byId = await withTenantSql(b.tenantId, async (tx) => selectRecords(tx, Prisma.sql`id = ANY(${aRecords}::uuid[])`));
      expect(byId).toEqual([]);
    });

    it("a raw SELECT count(*) FROM record counts only B's rows", async () => {
      expect(await withTenantSql(b.tenantId, async (tx) => countRecords(tx))).toBe(bRecords.length);
      expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("the tenant table shows B only", async () => {
      const tenants = await withTenantSql(b.tenantId, async (tx) => tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM tenant`);
      expect(tenants.map((t) => t.id)).toEqual([b.tenantId]);
    });

    it("UPDATE/DELETE aimed at A's ids affect 0 rows and A's rows are unchanged", async () => {
      const before = await snapshotRecords(a);
      expect(before).toHaveLength(aRecords.length);
      const result = await withTenantSql(b.tenantId, async (tx) => ({
        updated: await tx.$executeRaw`
          UPDATE record SET name = 'hijacked', data = '{"name":"hijacked"}'::jsonb WHERE id = ANY(${aRecords}::uuid[])`,
        updatedByTenant: await tx.$executeRaw`UPDATE record SET name = 'hijacked' WHERE tenant_id = ${a.tenantId}::uuid`,
        deleted: await tx.$executeRaw`DELETE FROM record WHERE id = ANY(${aRecords}::uuid[])`,
        deletedByTenant: await tx.$executeRaw`DELETE FROM record WHERE tenant_id = ${a.tenantId}::uuid`,
        tenantRenamed: await tx.$executeRaw`UPDATE tenant SET name = 'hijacked' WHERE id = ${a.tenantId}::uuid`,
      }));
      expect(result).toEqual({ updated: 0, updatedByTenant: 0, deleted: 0, deletedByTenant: 0, tenantRenamed: 0 });
      expect(await snapshotRecords(a)).toEqual(before);
      const tenantA = await withTenantSql(
        a.tenantId,
        async (tx) => tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${a.tenantId}::uuid`,
      );
      expect(tenantA).toHaveLength(1);
      expect(tenantA[0]!.name).not.toBe("hijacked");
    });

    it("creating a record with tenantId A (INSERT ... RETURNING) is refused by WITH CHECK and writes nothing", async () => {
      const objectA = await companyObjectId(a);
      const id = randomUUID();
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$queryRaw`
            INSERT INTO record (tenant_id, id, object_id, data, name)
            VALUES (${a.tenantId}::uuid, ${id}::uuid, ${objectA}::uuid, '{"name":"planted"}'::jsonb, 'planted')
            RETURNING id`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      const found = await withTenantSql(a.tenantId, async (tx) => selectRecords(tx, Prisma.sql`id = ${id}::uuid`));
      expect(found).toEqual([]);
      expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("inserts without RETURNING (one row, several rows) for tenant A are refused by WITH CHECK too", async () => {
      // An INSERT ... RETURNING reads the row back, which the USING clause alone would already
      // refuse; these statements do not, so only WITH CHECK can stop them.
      const objectA = await companyObjectId(a);
      const rawId = randomUUID();
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) =>
            tx.$executeRaw`INSERT INTO record (tenant_id, id, object_id, name) VALUES (${a.tenantId}::uuid, ${rawId}::uuid, ${objectA}::uuid, 'planted')`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      const manyIds = [randomUUID(), randomUUID()];
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$executeRaw`
            INSERT INTO record (tenant_id, id, object_id, name)
            VALUES (${a.tenantId}::uuid, ${manyIds[0]}::uuid, ${objectA}::uuid, 'planted'),
                   (${a.tenantId}::uuid, ${manyIds[1]}::uuid, ${objectA}::uuid, 'planted')`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$executeRaw`
            INSERT INTO object_def (tenant_id, id, api_name, label, plural_label, custom)
            VALUES (${a.tenantId}::uuid, ${randomUUID()}::uuid, 'planted_many', 'P', 'P', true)`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(
        await withTenantSql(a.tenantId, async (tx) => selectRecords(tx, Prisma.sql`id = ANY(${[rawId, ...manyIds]}::uuid[])`)),
      ).toEqual([]);
      expect(
        await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw`SELECT id FROM object_def WHERE api_name = 'planted_many'`),
      ).toEqual([]);
      expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("updating B's own record to tenantId A is refused by WITH CHECK", async () => {
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$executeRaw`UPDATE record SET tenant_id = ${a.tenantId}::uuid WHERE id = ${bRecords[0]!}::uuid`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenantSql(b.tenantId, async (tx) => countRecords(tx))).toBe(bRecords.length);
      expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("api_key: B reads none of A's keys and cannot create one for A", async () => {
      type KeyRow = { id: string; tenantId: string };
      const seen = await withTenantSql(b.tenantId, async (tx) => ({
        filtered: await tx.$queryRaw<
          KeyRow[]
        >`SELECT id::text, tenant_id::text AS "tenantId" FROM api_key WHERE tenant_id = ${a.tenantId}::uuid`,
        all: await tx.$queryRaw<KeyRow[]>`SELECT id::text, tenant_id::text AS "tenantId" FROM api_key`,
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.all.length).toBeGreaterThan(0);
      expect(seen.all.every((k) => k.tenantId === b.tenantId)).toBe(true);

      const before = await withTenantSql(a.tenantId, async (tx) => countRaw(tx, "api_key"));
      const id = randomUUID();
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$queryRaw`
            INSERT INTO api_key (tenant_id, id, name, prefix, secret_hash, created_by_id)
            VALUES (${a.tenantId}::uuid, ${id}::uuid, 'planted', 'crm_planted0', ${"0".repeat(64)}, ${a.users.admin}::uuid)
            RETURNING id`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenantSql(a.tenantId, async (tx) => countRaw(tx, "api_key"))).toBe(before);
      expect(await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw`SELECT id FROM api_key WHERE id = ${id}::uuid`)).toEqual([]);
    });

    it("app_user: B reads none of A's users and cannot create one for A", async () => {
      type UserRow = { id: string };
      const seen = await withTenantSql(b.tenantId, async (tx) => ({
        filtered: await tx.$queryRaw<UserRow[]>`SELECT id::text FROM app_user WHERE tenant_id = ${a.tenantId}::uuid`,
        byId: await tx.$queryRaw<UserRow[]>`SELECT id::text FROM app_user WHERE id = ANY(${Object.values(a.users)}::uuid[])`,
        all: await tx.$queryRaw<UserRow[]>`SELECT id::text FROM app_user`,
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.byId).toEqual([]);
      expect(seen.all.map((u) => u.id).sort()).toEqual(Object.values(b.users).sort());

      const email = `planted-${randomUUID()}@rls.test`;
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$queryRaw`
            INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id)
            VALUES (${a.tenantId}::uuid, ${randomUUID()}::uuid, ${email}, 'planted', 'x', ${a.roles.admin!}::uuid)
            RETURNING id`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw`SELECT id FROM app_user WHERE email = ${email}`)).toEqual([]);
      expect(await withTenantSql(a.tenantId, async (tx) => countRaw(tx, "app_user"))).toBe(3);
    });

    it("object_def: B reads none of A's objects and cannot create one for A", async () => {
      type Row = { id: string; tenantId: string };
      const seen = await withTenantSql(b.tenantId, async (tx) => ({
        filtered: await tx.$queryRaw<
          Row[]
        >`SELECT id::text, tenant_id::text AS "tenantId" FROM object_def WHERE tenant_id = ${a.tenantId}::uuid`,
        all: await tx.$queryRaw<Row[]>`SELECT id::text, tenant_id::text AS "tenantId" FROM object_def`,
        fieldsOfA: await tx.$queryRaw<
          Row[]
        >`SELECT id::text, tenant_id::text AS "tenantId" FROM field_def WHERE tenant_id = ${a.tenantId}::uuid`,
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.fieldsOfA).toEqual([]);
      expect(seen.all.length).toBeGreaterThan(0);
      expect(seen.all.every((o) => o.tenantId === b.tenantId)).toBe(true);

      const before = await withTenantSql(a.tenantId, async (tx) => countRaw(tx, "object_def"));
      await expect(
        withTenantSql(
          b.tenantId,
          async (tx) => tx.$queryRaw`
            INSERT INTO object_def (tenant_id, id, api_name, label, plural_label, custom)
            VALUES (${a.tenantId}::uuid, ${randomUUID()}::uuid, 'planted', 'Planted', 'Planted', true)
            RETURNING id`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenantSql(a.tenantId, async (tx) => countRaw(tx, "object_def"))).toBe(before);
      expect(await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw`SELECT id FROM object_def WHERE api_name = 'planted'`)).toEqual([]);
    });
  });

  describe("with no tenant set", () => {
    it("every tenant table has rows for A (so the zero counts below mean something)", async () => {
      for (const table of TENANT_TABLES) {
        expect(await withTenantSql(a.tenantId, async (tx) => countRaw(tx, table)), table).toBeGreaterThan(0);
      }
    });

    it("raw SELECT count(*) on every tenant table returns 0", async () => {
      for (const [path, run] of Object.entries(NO_TENANT_PATHS)) {
        for (const table of TENANT_TABLES) expect(await run(async (tx) => countRaw(tx, table)), `${path}: ${table}`).toBe(0);
      }
    });

    it("reads zero rows from every tenant table, whole rows and filtered by A", async () => {
      for (const [path, run] of Object.entries(NO_TENANT_PATHS)) {
        const found = await run(async (tx) => {
          const rows: Partial<Record<(typeof TENANT_TABLES)[number], unknown[]>> = {};
          for (const table of TENANT_TABLES) rows[table] = await tx.$queryRaw<unknown[]>(Prisma.raw(`SELECT * FROM "${table}"`));
          return rows;
        });
        expect(Object.keys(found).sort(), path).toEqual([...TENANT_TABLES].sort());
        for (const [table, rows] of Object.entries(found)) expect(rows, `${path}: ${table}`).toEqual([]);
        expect(await run(async (tx) => selectRecords(tx, Prisma.sql`tenant_id = ${a.tenantId}::uuid`)), path).toEqual([]);
      }
    });

    it("cannot write tenant rows", async () => {
      const objectA = await companyObjectId(a);
      for (const [path, run] of Object.entries(NO_TENANT_PATHS)) {
        expect(await run(async (tx) => tx.$executeRaw`UPDATE record SET name = 'hijacked' WHERE id = ANY(${aRecords}::uuid[])`), path).toBe(
          0,
        );
        expect(await run(async (tx) => tx.$executeRaw`DELETE FROM record`), path).toBe(0);
        await expect(
          run(
            async (tx) => tx.$queryRaw`
              INSERT INTO record (tenant_id, id, object_id, data, name)
              VALUES (${a.tenantId}::uuid, ${randomUUID()}::uuid, ${objectA}::uuid, '{}'::jsonb, 'planted')
              RETURNING id`,
          ),
          path,
        ).rejects.toThrow(RLS_VIOLATION);
      }
      expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("the tenant setting does not leak out of a finished transaction", async () => {
      for (let i = 0; i < 5; i++) {
        expect(await withTenantSql(a.tenantId, async (tx) => countRecords(tx))).toBe(aRecords.length);
        const after = await withNoTenant(async (tx) => ({
          records: await countRecords(tx),
          setting: (await tx.$queryRaw<{ v: string | null }[]>`SELECT current_setting('app.tenant_id', true) AS v`)[0]?.v ?? "",
        }));
        expect(after).toEqual({ records: 0, setting: "" });
        const platform = await withPlatformSql(async (tx) => ({
          records: await countRecords(tx),
          setting: (await tx.$queryRaw<{ v: string | null }[]>`SELECT current_setting('app.tenant_id', true) AS v`)[0]?.v,
        }));
        expect(platform).toEqual({ records: 0, setting: NO_TENANT });
      }
    });

    it("a transaction that fails does not leak its tenant either", async () => {
      await expect(
        withTenantSql(a.tenantId, async (tx) => {
          await countRecords(tx);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await withNoTenant(async (tx) => countRecords(tx))).toBe(0);
      expect(await withPlatformSql(async (tx) => countRecords(tx))).toBe(0);
    });
  });

  describe("database catalog", () => {
    it(`requests run as ${APP_ROLE}, which is neither superuser nor BYPASSRLS`, async () => {
      const [me] = await withNoTenant(async (tx) => tx.$queryRaw<{ user: string }[]>`SELECT current_user::text AS "user"`);
      expect(me?.user).toBe(APP_ROLE);
      const inTx = await withTenantSql(a.tenantId, async (tx) => tx.$queryRaw<{ user: string }[]>`SELECT current_user::text AS "user"`);
      expect(inTx[0]?.user).toBe(APP_ROLE);
      const roles = await withNoTenant(
        async (tx) => tx.$queryRaw<{ rolsuper: boolean; rolbypassrls: boolean }[]>`
          SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`,
      );
      expect(roles).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    });

    it(`${APP_ROLE} is a member of no role, so SET ROLE can reach no role that owns something`, async () => {
      const memberships = await withNoTenant(
        async (tx) => tx.$queryRaw<{ role: string }[]>`
          SELECT m.roleid::regrole::text AS role FROM pg_auth_members m WHERE m.member = ${APP_ROLE}::regrole`,
      );
      expect(memberships).toEqual([]);
    });

    it(`${APP_ROLE} owns no table (or other relation, or function) in schema public`, async () => {
      const owned = await withNoTenant(
        async (tx) => tx.$queryRaw<{ name: string }[]>`
          SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
      );
      expect(owned).toEqual([]);
      const functions = await withNoTenant(
        async (tx) => tx.$queryRaw<{ name: string }[]>`
          SELECT p.proname::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
      );
      expect(functions).toEqual([]);
    });

    it("every public table with a tenant_id column, and tenant, has RLS enabled and forced", async () => {
      const tables = await withNoTenant(
        async (tx) => tx.$queryRaw<{ name: string; rls: boolean; forced: boolean; policies: number }[]>`
          SELECT c.relname::text AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
                 (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
            AND (c.relname = 'tenant' OR EXISTS (
              SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND a.attnum > 0 AND NOT a.attisdropped))
          ORDER BY c.relname`,
      );
      // The query must find at least the tables known today, or it proves nothing.
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...TENANT_TABLES]));
      for (const t of tables) {
        expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({ table: t.name, rls: true, forced: true });
        expect(t.policies, `${t.name} has a policy`).toBeGreaterThan(0);
      }
    });
  });

  describe("concurrency", () => {
    it("interleaved concurrent withTenantSql calls alternating A/B, each tenant's full share, each see only their own tenant", async () => {
      const expected: Record<string, number> = { [a.tenantId]: aRecords.length, [b.tenantId]: bRecords.length };
      // As many as the bulkhead lets each tenant run at once: more would wait in its queue (and on a
      // slow machine get database_busy), which is the bulkhead's test, not this one.
      const tenants = Array.from({ length: 2 * DEFAULT_TENANT_CONCURRENCY }, (_, i) => (i % 2 === 0 ? a : b));
      const results = await Promise.all(
        tenants.map((t, i) =>
          withTenantSql(t.tenantId, async (tx) => {
            // Hold the transaction open a little so others start in between (on PostgreSQL).
            await sleep((i * 7) % 15);
            const counted = await countRecords(tx);
            await sleep((i * 3) % 5);
            const listed = (await selectRecords(tx)).length;
            const tenantRows = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM tenant`;
            return { tenant: t.tenantId, counted, listed, tenants: tenantRows.map((r) => r.id) };
          }),
        ),
      );
      expect(results).toHaveLength(2 * DEFAULT_TENANT_CONCURRENCY);
      for (const r of results) {
        expect(r).toEqual({ tenant: r.tenant, counted: expected[r.tenant], listed: expected[r.tenant], tenants: [r.tenant] });
      }
    });
  });
});

const pgOwnerUrl = inject("pgOwnerUrl");

// Production without APP_DATABASE_URL: only the owner's URL is configured, and requests must
// still run on a login that cannot become anyone else (PGlite has one session; see the README).
describe.skipIf(!pgOwnerUrl)("requests without APP_DATABASE_URL (PostgreSQL)", () => {
  const ownerRole = decodeURIComponent(new URL(pgOwnerUrl || "postgresql://postgres@x/y").username) || "postgres";
  let db: Database;
  let t: TestTenant;
  let owners: string[];

  beforeAll(async () => {
    vi.stubEnv("AUTH_SECRET", "rls-test-auth-secret");
    t = await createTestTenant("login");
    db = await openDatabase({ engine: "postgres", ownerUrl: pgOwnerUrl }, { migrate: false });
    // Every role that owns a table or a function of this database, the migrations' owner included.
    owners = await db.tenantTransaction(t.tenantId, async (tx) =>
      (
        await tx.$queryRaw<{ owner: string }[]>`
          SELECT DISTINCT r.rolname::text AS owner FROM pg_roles r
          WHERE r.oid IN (SELECT relowner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
                          UNION SELECT proowner FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public')`
      ).map((r) => r.owner),
    );
  });

  afterAll(async () => {
    await db?.close();
    vi.unstubAllEnvs();
  });

  it("the owners found include the migrations' role and crm_auth", () => {
    expect(owners).toEqual(expect.arrayContaining([ownerRole, "crm_auth"]));
  });

  it("in the request connection (tenantTransaction) SET ROLE postgres fails and is_superuser is off", async () => {
    await expect(db.tenantTransaction(t.tenantId, async (tx) => tx.$executeRaw`SET ROLE postgres`)).rejects.toThrow(
      /permission denied to set role/,
    );
    for (const owner of owners) {
      await expect(
        db.tenantTransaction(t.tenantId, async (tx) => tx.$executeRaw(Prisma.raw(`SET ROLE "${owner}"`))),
        owner,
      ).rejects.toThrow(/permission denied to set role/);
    }
    const rows = await db.tenantTransaction(
      t.tenantId,
      async (tx) => tx.$queryRaw<{ su: string; login: string; role: string }[]>`
        SELECT current_setting('is_superuser') AS su, session_user::text AS login, current_user::text AS role`,
    );
    expect(rows).toEqual([{ su: "off", login: APP_ROLE, role: APP_ROLE }]);
  });

  it("through the app's withTenantSql too", async () => {
    const fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
    try {
      await expect(withTenantSql(t.tenantId, async (tx) => tx.$executeRaw`SET ROLE postgres`)).rejects.toThrow(
        /permission denied to set role/,
      );
      const rows = await withTenantSql(
        t.tenantId,
        async (tx) => tx.$queryRaw<{ su: string; login: string }[]>`
        SELECT current_setting('is_superuser') AS su, session_user::text AS login`,
      );
      expect(rows).toEqual([{ su: "off", login: APP_ROLE }]);
      // Row-level security holds on this login as on the test's own.
      expect(await withTenantSql(t.tenantId, async (tx) => tx.$queryRaw`SELECT id::text FROM tenant`)).toEqual([{ id: t.tenantId }]);
    } finally {
      setDatabase(fileDatabase);
    }
  });

  it("an owner without the right to ALTER ROLE gets an error naming APP_DATABASE_URL", async () => {
    const role = `crm_test_noprivs_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: pgOwnerUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEROLE`);
      const url = new URL(pgOwnerUrl);
      url.username = role;
      await expect(openDatabase({ engine: "postgres", ownerUrl: url.toString() }, { migrate: false })).rejects.toThrow(
        /ALTER ROLE needs superuser or CREATEROLE.*APP_DATABASE_URL/,
      );
    } finally {
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
