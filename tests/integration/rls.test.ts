/**
 * Row-level security, proven with the application's own tenant filters out of the way: every
 * query here goes through the raw Prisma client (or a withTenant transaction) with no tenant in
 * its where clause, so only the database policies can keep tenants apart.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getDatabase, openDatabase, setDatabase, type Database } from "@/lib/db/client.ts";
import { APP_ROLE, DEFAULT_TENANT_CONCURRENCY } from "@/lib/db/config.ts";
import { Prisma, type PrismaClient } from "@/lib/db/generated/client.ts";
import { withTenant, type Tx } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../helpers/fixtures.ts";

/** Every table that holds tenant data (the tenant row itself included). */
const TENANT_TABLES = ["tenant", "role", "role_permission", "app_user", "api_key", "object_def", "field_def", "record"] as const;

const RLS_VIOLATION = /row-level security/i;

async function rawClient(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

async function countRaw(db: Tx | PrismaClient, table: (typeof TENANT_TABLES)[number]): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}"`);
  return rows[0]!.n;
}

async function countRecords(db: Tx | PrismaClient): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM record`;
  return rows[0]!.n;
}

async function companyObjectId(t: TestTenant): Promise<string> {
  return withTenant(
    t.tenantId,
    async (tx) => (await tx.objectDef.findFirstOrThrow({ where: { tenantId: t.tenantId, apiName: "company" } })).id,
  );
}

/** Inserts `n` company records for the tenant; returns their ids. */
async function addRecords(t: TestTenant, n: number): Promise<string[]> {
  return withTenant(t.tenantId, async (tx) => {
    const object = await tx.objectDef.findFirst({ where: { tenantId: t.tenantId, apiName: "company" } });
    if (!object) throw new Error("company object missing");
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = `Company ${i} of ${t.tenantId.slice(0, 8)}`;
      const row = await tx.record.create({ data: { tenantId: t.tenantId, objectId: object.id, data: { name }, name } });
      ids.push(row.id);
    }
    return ids;
  });
}

/** A's records as A sees them, for "unchanged afterwards" comparisons. */
async function snapshotRecords(t: TestTenant) {
  return withTenant(t.tenantId, (tx) =>
    tx.record.findMany({
      orderBy: { id: "asc" },
      select: { id: true, tenantId: true, name: true, data: true, updatedAt: true, deletedAt: true },
    }),
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

  describe("inside withTenant(B), with no tenant filter in the query", () => {
    it("findMany() without a where clause returns only B's records", async () => {
      const rows = await withTenant(b.tenantId, (tx) => tx.record.findMany());
      expect(rows.map((r) => r.id).sort()).toEqual([...bRecords].sort());
      expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([b.tenantId]));
    });

    it("findMany({ where: { tenantId: A } }) returns nothing", async () => {
      const rows = await withTenant(b.tenantId, (tx) => tx.record.findMany({ where: { tenantId: a.tenantId } }));
      expect(rows).toEqual([]);
      const byId = await withTenant(b.tenantId, (tx) => tx.record.findMany({ where: { id: { in: aRecords } } }));
      expect(byId).toEqual([]);
    });

    it("a raw SELECT count(*) FROM record counts only B's rows", async () => {
      expect(await withTenant(b.tenantId, (tx) => countRecords(tx))).toBe(bRecords.length);
      expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("the tenant table shows B only", async () => {
      const tenants = await withTenant(b.tenantId, (tx) => tx.tenant.findMany());
      expect(tenants.map((t) => t.id)).toEqual([b.tenantId]);
    });

    it("updateMany/deleteMany aimed at A's ids affect 0 rows and A's rows are unchanged", async () => {
      const before = await snapshotRecords(a);
      expect(before).toHaveLength(aRecords.length);
      const result = await withTenant(b.tenantId, async (tx) => ({
        updated: (await tx.record.updateMany({ where: { id: { in: aRecords } }, data: { name: "hijacked", data: { name: "hijacked" } } }))
          .count,
        updatedByTenant: (await tx.record.updateMany({ where: { tenantId: a.tenantId }, data: { name: "hijacked" } })).count,
        rawUpdated: await tx.$executeRaw`UPDATE record SET name = 'hijacked' WHERE tenant_id = ${a.tenantId}::uuid`,
        deleted: (await tx.record.deleteMany({ where: { id: { in: aRecords } } })).count,
        rawDeleted: await tx.$executeRaw`DELETE FROM record WHERE tenant_id = ${a.tenantId}::uuid`,
        tenantRenamed: (await tx.tenant.updateMany({ where: { id: a.tenantId }, data: { name: "hijacked" } })).count,
      }));
      expect(result).toEqual({ updated: 0, updatedByTenant: 0, rawUpdated: 0, deleted: 0, rawDeleted: 0, tenantRenamed: 0 });
      expect(await snapshotRecords(a)).toEqual(before);
      const tenantA = await withTenant(a.tenantId, (tx) => tx.tenant.findUniqueOrThrow({ where: { id: a.tenantId } }));
      expect(tenantA.name).not.toBe("hijacked");
    });

    it("creating a record with tenantId A is refused by WITH CHECK and writes nothing", async () => {
      const objectA = await companyObjectId(a);
      const id = randomUUID();
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.record.create({ data: { tenantId: a.tenantId, id, objectId: objectA, data: { name: "planted" }, name: "planted" } }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      const found = await withTenant(a.tenantId, (tx) => tx.record.findMany({ where: { id } }));
      expect(found).toEqual([]);
      expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("inserts without RETURNING (raw INSERT, createMany) for tenant A are refused by WITH CHECK too", async () => {
      // Prisma's create() reads the row back, which the USING clause alone would already refuse;
      // these statements do not, so only WITH CHECK can stop them.
      const objectA = await companyObjectId(a);
      const rawId = randomUUID();
      await expect(
        withTenant(
          b.tenantId,
          (tx) =>
            tx.$executeRaw`INSERT INTO record (tenant_id, id, object_id, name) VALUES (${a.tenantId}::uuid, ${rawId}::uuid, ${objectA}::uuid, 'planted')`,
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      const manyId = randomUUID();
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.record.createMany({ data: [{ tenantId: a.tenantId, id: manyId, objectId: objectA, name: "planted" }] }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.objectDef.createMany({
            data: [{ tenantId: a.tenantId, apiName: "planted_many", label: "P", pluralLabel: "P", custom: true }],
          }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(a.tenantId, (tx) => tx.record.findMany({ where: { id: { in: [rawId, manyId] } } }))).toEqual([]);
      expect(await withTenant(a.tenantId, (tx) => tx.objectDef.findMany({ where: { apiName: "planted_many" } }))).toEqual([]);
      expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("updating B's own record to tenantId A is refused by WITH CHECK", async () => {
      await expect(
        withTenant(b.tenantId, (tx) => tx.record.updateMany({ where: { id: bRecords[0]! }, data: { tenantId: a.tenantId } })),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(b.tenantId, (tx) => countRecords(tx))).toBe(bRecords.length);
      expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("api_key: B reads none of A's keys and cannot create one for A", async () => {
      const seen = await withTenant(b.tenantId, async (tx) => ({
        filtered: await tx.apiKey.findMany({ where: { tenantId: a.tenantId } }),
        all: await tx.apiKey.findMany(),
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.all.length).toBeGreaterThan(0);
      expect(seen.all.every((k) => k.tenantId === b.tenantId)).toBe(true);

      const before = await withTenant(a.tenantId, (tx) => countRaw(tx, "api_key"));
      const id = randomUUID();
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.apiKey.create({
            data: {
              tenantId: a.tenantId,
              id,
              name: "planted",
              prefix: "crm_planted0",
              secretHash: "0".repeat(64),
              createdById: a.users.admin,
            },
          }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(a.tenantId, (tx) => countRaw(tx, "api_key"))).toBe(before);
      expect(await withTenant(a.tenantId, (tx) => tx.apiKey.findMany({ where: { id } }))).toEqual([]);
    });

    it("app_user: B reads none of A's users and cannot create one for A", async () => {
      const seen = await withTenant(b.tenantId, async (tx) => ({
        filtered: await tx.user.findMany({ where: { tenantId: a.tenantId } }),
        byId: await tx.user.findMany({ where: { id: { in: Object.values(a.users) } } }),
        all: await tx.user.findMany(),
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.byId).toEqual([]);
      expect(seen.all.map((u) => u.id).sort()).toEqual(Object.values(b.users).sort());

      const email = `planted-${randomUUID()}@rls.test`;
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.user.create({ data: { tenantId: a.tenantId, email, name: "planted", passwordHash: "x", roleId: a.roles.admin! } }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(a.tenantId, (tx) => tx.user.findMany({ where: { email } }))).toEqual([]);
      expect(await withTenant(a.tenantId, (tx) => countRaw(tx, "app_user"))).toBe(3);
    });

    it("object_def: B reads none of A's objects and cannot create one for A", async () => {
      const seen = await withTenant(b.tenantId, async (tx) => ({
        filtered: await tx.objectDef.findMany({ where: { tenantId: a.tenantId } }),
        all: await tx.objectDef.findMany(),
        fieldsOfA: await tx.fieldDef.findMany({ where: { tenantId: a.tenantId } }),
      }));
      expect(seen.filtered).toEqual([]);
      expect(seen.fieldsOfA).toEqual([]);
      expect(seen.all.length).toBeGreaterThan(0);
      expect(seen.all.every((o) => o.tenantId === b.tenantId)).toBe(true);

      const before = await withTenant(a.tenantId, (tx) => countRaw(tx, "object_def"));
      await expect(
        withTenant(b.tenantId, (tx) =>
          tx.objectDef.create({
            data: { tenantId: a.tenantId, apiName: "planted", label: "Planted", pluralLabel: "Planted", custom: true },
          }),
        ),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(a.tenantId, (tx) => countRaw(tx, "object_def"))).toBe(before);
      expect(await withTenant(a.tenantId, (tx) => tx.objectDef.findMany({ where: { apiName: "planted" } }))).toEqual([]);
    });
  });

  describe("with no tenant set", () => {
    it("every tenant table has rows for A (so the zero counts below mean something)", async () => {
      for (const table of TENANT_TABLES) {
        expect(await withTenant(a.tenantId, (tx) => countRaw(tx, table)), table).toBeGreaterThan(0);
      }
    });

    it("raw SELECT count(*) on every tenant table returns 0", async () => {
      const prisma = await rawClient();
      for (const table of TENANT_TABLES) expect(await countRaw(prisma, table), table).toBe(0);
    });

    it("the raw Prisma client reads zero rows from every tenant model", async () => {
      const prisma = await rawClient();
      const found = {
        tenant: await prisma.tenant.findMany(),
        role: await prisma.role.findMany(),
        role_permission: await prisma.rolePermission.findMany(),
        app_user: await prisma.user.findMany(),
        api_key: await prisma.apiKey.findMany(),
        object_def: await prisma.objectDef.findMany(),
        field_def: await prisma.fieldDef.findMany(),
        record: await prisma.record.findMany(),
      } satisfies Record<(typeof TENANT_TABLES)[number], unknown[]>;
      for (const [table, rows] of Object.entries(found)) expect(rows, table).toEqual([]);
      expect(await prisma.record.findMany({ where: { tenantId: a.tenantId } })).toEqual([]);
    });

    it("the raw client cannot write tenant rows", async () => {
      const prisma = await rawClient();
      expect((await prisma.record.updateMany({ where: { id: { in: aRecords } }, data: { name: "hijacked" } })).count).toBe(0);
      expect((await prisma.record.deleteMany({})).count).toBe(0);
      await expect(
        prisma.record.create({ data: { tenantId: a.tenantId, objectId: await companyObjectId(a), data: {}, name: "planted" } }),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
    });

    it("the tenant setting does not leak out of a finished transaction", async () => {
      const prisma = await rawClient();
      for (let i = 0; i < 5; i++) {
        expect(await withTenant(a.tenantId, (tx) => countRecords(tx))).toBe(aRecords.length);
        expect(await countRecords(prisma)).toBe(0);
        const [setting] = await prisma.$queryRaw<{ v: string | null }[]>`SELECT current_setting('app.tenant_id', true) AS v`;
        expect(setting?.v ?? "").toBe("");
      }
    });

    it("a transaction that fails does not leak its tenant either", async () => {
      const prisma = await rawClient();
      await expect(
        withTenant(a.tenantId, async (tx) => {
          await countRecords(tx);
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await countRecords(prisma)).toBe(0);
    });
  });

  describe("database catalog", () => {
    it(`requests run as ${APP_ROLE}, which is neither superuser nor BYPASSRLS`, async () => {
      const prisma = await rawClient();
      const [me] = await prisma.$queryRaw<{ user: string }[]>`SELECT current_user::text AS "user"`;
      expect(me?.user).toBe(APP_ROLE);
      const inTx = await withTenant(a.tenantId, (tx) => tx.$queryRaw<{ user: string }[]>`SELECT current_user::text AS "user"`);
      expect(inTx[0]?.user).toBe(APP_ROLE);
      const roles = await prisma.$queryRaw<{ rolsuper: boolean; rolbypassrls: boolean }[]>`
        SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user`;
      expect(roles).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    });

    it(`${APP_ROLE} is a member of no role, so SET ROLE can reach no role that owns something`, async () => {
      const prisma = await rawClient();
      const memberships = await prisma.$queryRaw<{ role: string }[]>`
        SELECT m.roleid::regrole::text AS role FROM pg_auth_members m WHERE m.member = ${APP_ROLE}::regrole`;
      expect(memberships).toEqual([]);
    });

    it(`${APP_ROLE} owns no table (or other relation, or function) in schema public`, async () => {
      const prisma = await rawClient();
      const owned = await prisma.$queryRaw<{ name: string }[]>`
        SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`;
      expect(owned).toEqual([]);
      const functions = await prisma.$queryRaw<{ name: string }[]>`
        SELECT p.proname::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`;
      expect(functions).toEqual([]);
    });

    it("every public table with a tenant_id column, and tenant, has RLS enabled and forced", async () => {
      const prisma = await rawClient();
      const tables = await prisma.$queryRaw<{ name: string; rls: boolean; forced: boolean; policies: number }[]>`
        SELECT c.relname::text AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
               (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
          AND (c.relname = 'tenant' OR EXISTS (
            SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND a.attnum > 0 AND NOT a.attisdropped))
        ORDER BY c.relname`;
      // The query must find at least the tables known today, or it proves nothing.
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining([...TENANT_TABLES]));
      for (const t of tables) {
        expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({ table: t.name, rls: true, forced: true });
        expect(t.policies, `${t.name} has a policy`).toBeGreaterThan(0);
      }
    });
  });

  describe("concurrency", () => {
    it("interleaved concurrent withTenant calls alternating A/B, each tenant's full share, each see only their own tenant", async () => {
      const expected: Record<string, number> = { [a.tenantId]: aRecords.length, [b.tenantId]: bRecords.length };
      // As many as the bulkhead lets each tenant run at once: more would wait in its queue (and on a
      // slow machine get database_busy), which is the bulkhead's test, not this one.
      const tenants = Array.from({ length: 2 * DEFAULT_TENANT_CONCURRENCY }, (_, i) => (i % 2 === 0 ? a : b));
      const results = await Promise.all(
        tenants.map((t, i) =>
          withTenant(t.tenantId, async (tx) => {
            // Hold the transaction open a little so others start in between (on PostgreSQL).
            await sleep((i * 7) % 15);
            const raw = await countRecords(tx);
            await sleep((i * 3) % 5);
            const viaPrisma = await tx.record.count();
            const tenantRows = await tx.tenant.findMany({ select: { id: true } });
            return { tenant: t.tenantId, raw, viaPrisma, tenants: tenantRows.map((r) => r.id) };
          }),
        ),
      );
      expect(results).toHaveLength(2 * DEFAULT_TENANT_CONCURRENCY);
      for (const r of results) {
        expect(r).toEqual({ tenant: r.tenant, raw: expected[r.tenant], viaPrisma: expected[r.tenant], tenants: [r.tenant] });
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

  it("through Prisma's withTenant too", async () => {
    const fileDatabase = getDatabase();
    setDatabase(Promise.resolve(db));
    try {
      await expect(withTenant(t.tenantId, (tx) => tx.$executeRaw`SET ROLE postgres`)).rejects.toThrow(/permission denied to set role/);
      const rows = await withTenant(
        t.tenantId,
        (tx) => tx.$queryRaw<{ su: string; login: string }[]>`
        SELECT current_setting('is_superuser') AS su, session_user::text AS login`,
      );
      expect(rows).toEqual([{ su: "off", login: APP_ROLE }]);
      // Row-level security holds on this login as on the test's own.
      expect(await withTenant(t.tenantId, (tx) => tx.tenant.findMany({ select: { id: true } }))).toEqual([{ id: t.tenantId }]);
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
