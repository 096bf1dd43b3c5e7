/**
 * Every tenant table stays distributable by tenant_id (issue 34 item 6; README "Scaling out"): its
 * primary key and unique indexes include tenant_id, and a foreign key between tenant tables maps
 * tenant_id to tenant_id. Read from the migrated database's catalog, so a migration that breaks a
 * rule fails here whichever way it was written (Prisma schema or hand-written SQL).
 */
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { openPglite } from "@/lib/db/pglite.ts";
import { withPlatformSql } from "@/lib/db/tenant.ts";
import { readTenantCatalog, tenantKeyViolations, type TenantCatalog } from "../../guards/tenant-keys.ts";

/**
 * The rules' only exceptions, each a key that must hold across all tenants. Keep this list short:
 * each entry is something to move out of the tenant table before distributing it.
 */
const EXCEPTIONS: Record<string, string> = {
  // A person signs in with email and password before any tenant is known, so an email names one
  // user platform-wide. Distributed, this would become a small directory table (email → tenant_id,
  // user id), a reference table or a lookup service, kept with the user row in one transaction.
  "app_user.app_user_email_key": "sign-in finds the user, and so the tenant, by email alone",
};

async function schemaCatalog(): Promise<TenantCatalog> {
  return withPlatformSql(async (tx) => readTenantCatalog(async <R>(sql: string) => tx.$queryRaw<R[]>(Prisma.raw(sql))));
}

describe("tenant keys in the migrated schema", () => {
  it("include tenant_id in every tenant table's primary key, unique index and foreign key between tenant tables", async () => {
    const violations = tenantKeyViolations(await schemaCatalog());
    const unexpected = violations.filter((v) => !(v.object in EXCEPTIONS)).map((v) => `${v.object}: ${v.problem}`);
    expect(unexpected).toEqual([]);
    // An exception the schema no longer needs is removed from the list, so the list stays true.
    expect(violations.map((v) => v.object).sort()).toEqual(Object.keys(EXCEPTIONS).sort());
  });

  it("are read from the catalog: tenant tables, their keys and their foreign keys", async () => {
    const catalog = await schemaCatalog();
    const tenantTables = catalog.tables.filter((t) => t.tenant).map((t) => t.name);
    expect(tenantTables).toEqual(expect.arrayContaining(["record", "app_user", "activity", "webhook_delivery", "audit_log"]));
    expect(catalog.tables.find((t) => t.name === "tenant")?.tenant).toBe(false);
    expect(catalog.uniques.find((u) => u.table === "record" && u.primary)?.columns).toEqual(["tenant_id", "id"]);
    const activityRecord = catalog.foreignKeys.find((f) => f.table === "activity" && f.refTable === "record");
    expect(activityRecord).toMatchObject({ columns: ["tenant_id", "record_id"], refColumns: ["tenant_id", "id"] });
    const betweenTenantTables = catalog.foreignKeys.filter((f) => tenantTables.includes(f.table) && tenantTables.includes(f.refTable));
    expect(betweenTenantTables.length).toBeGreaterThan(20);
  });
});

/** Runs `fn` on a schema of its own in a transaction that is rolled back (PostgreSQL), or on a fresh PGlite. */
async function withScratchSchema<T>(fn: (query: <R>(sql: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  const ownerUrl = inject("pgOwnerUrl");
  if (!ownerUrl) {
    const db = await openPglite("memory://");
    try {
      return await fn(async <R>(sql: string) => (await db.query<R>(sql)).rows);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("CREATE SCHEMA tenant_keys_scratch; SET LOCAL search_path = tenant_keys_scratch");
    return await fn(async <R>(sql: string) => (await client.query(sql)).rows as R[]);
  } finally {
    await client.query("ROLLBACK");
    await client.end();
  }
}

describe("the tenant-key checker", () => {
  it("finds each kind of violation in tables created for the purpose", async () => {
    const violations = await withScratchSchema(async (query) => {
      for (const statement of [
        "CREATE TABLE account (id uuid PRIMARY KEY)",
        // Good: tenant_id in every key, the foreign key maps it.
        `CREATE TABLE good_parent (tenant_id uuid REFERENCES account, id uuid, code text, PRIMARY KEY (tenant_id, id),
           UNIQUE (tenant_id, code))`,
        `CREATE TABLE good_child (tenant_id uuid, id uuid, parent_id uuid, PRIMARY KEY (tenant_id, id),
           FOREIGN KEY (tenant_id, parent_id) REFERENCES good_parent (tenant_id, id))`,
        // Bad: a primary key by id alone, a unique index whose tenant_id is only INCLUDEd, a
        // unique expression index, and foreign keys that do not map tenant_id to tenant_id.
        "CREATE TABLE bad_pk (tenant_id uuid, id uuid PRIMARY KEY)",
        "CREATE UNIQUE INDEX bad_included ON good_parent (code) INCLUDE (tenant_id)",
        "CREATE UNIQUE INDEX bad_expression ON good_parent (lower(code))",
        "CREATE TABLE bad_fk (tenant_id uuid, id uuid, parent_tenant uuid, parent_id uuid, PRIMARY KEY (tenant_id, id))",
        "ALTER TABLE bad_fk ADD CONSTRAINT bad_fk_by_id FOREIGN KEY (parent_tenant, parent_id) REFERENCES good_parent (tenant_id, id)",
        "ALTER TABLE bad_fk ADD CONSTRAINT bad_fk_pk FOREIGN KEY (id) REFERENCES bad_pk (id)",
        // Bad: a global table pointing into tenant data (a reference table cannot).
        "CREATE TABLE global_thing (id uuid PRIMARY KEY, tenant uuid, parent uuid)",
        "ALTER TABLE global_thing ADD CONSTRAINT global_to_tenant FOREIGN KEY (tenant, parent) REFERENCES good_parent (tenant_id, id)",
      ]) {
        await query(statement);
      }
      return tenantKeyViolations(await readTenantCatalog(query));
    });
    expect(violations.map((v) => v.object).sort()).toEqual([
      "bad_fk.bad_fk_by_id",
      "bad_fk.bad_fk_pk",
      "bad_pk.bad_pk_pkey",
      "global_thing.global_to_tenant",
      "good_parent.bad_expression",
      "good_parent.bad_included",
    ]);
    expect(violations.find((v) => v.object === "bad_pk.bad_pk_pkey")?.problem).toBe("primary key (id) lacks tenant_id");
    expect(violations.find((v) => v.object === "good_parent.bad_expression")?.problem).toBe("unique index ((expression)) lacks tenant_id");
  });
});
