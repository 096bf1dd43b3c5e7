import { describe, expect, it } from "vitest";
import { dbConfigFromEnv, dbTimeoutsFromEnv, DEFAULT_DB_TIMEOUTS } from "./config.ts";

describe("database timeouts from the environment", () => {
  it("defaults: 5 s to connect, 5 s for a free pool connection, 15 s per statement", () => {
    expect(dbTimeoutsFromEnv({})).toEqual({ connectMs: 5_000, poolMs: 5_000, statementMs: 15_000 });
    expect(DEFAULT_DB_TIMEOUTS).toEqual(dbTimeoutsFromEnv({}));
  });

  it("reads DB_CONNECT_TIMEOUT_MS, DB_POOL_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS", () => {
    const env = { DB_CONNECT_TIMEOUT_MS: "1500", DB_POOL_TIMEOUT_MS: "2500", DB_STATEMENT_TIMEOUT_MS: "60000" };
    expect(dbTimeoutsFromEnv(env)).toEqual({ connectMs: 1_500, poolMs: 2_500, statementMs: 60_000 });
  });

  it("refuses values that are not a positive whole number of milliseconds", () => {
    for (const bad of ["0", "-5", "1.5", "5s", "abc"]) {
      expect(() => dbTimeoutsFromEnv({ DB_STATEMENT_TIMEOUT_MS: bad })).toThrow(
        /DB_STATEMENT_TIMEOUT_MS must be a positive number of milliseconds/,
      );
    }
  });

  it("PostgreSQL configurations carry them; PGlite the statement limit, which its thread keeps", () => {
    const pg = dbConfigFromEnv({ DATABASE_URL: "postgresql://owner@db/crm", DB_POOL_TIMEOUT_MS: "800" });
    expect(pg).toMatchObject({
      engine: "postgres",
      timeouts: { connectMs: 5_000, poolMs: 800, statementMs: 15_000 },
      tenantConcurrency: 5,
      tenantSlowConcurrency: 1,
    });
    expect(
      dbConfigFromEnv({ DATABASE_URL: "postgresql://owner@db/crm", DB_TENANT_CONCURRENCY: "3", DB_TENANT_SLOW_CONCURRENCY: "2" }),
    ).toMatchObject({ tenantConcurrency: 3, tenantSlowConcurrency: 2 });
    expect(() => dbConfigFromEnv({ DATABASE_URL: "postgresql://owner@db/crm", DB_TENANT_CONCURRENCY: "0" })).toThrow(
      /DB_TENANT_CONCURRENCY must be a positive number/,
    );
    expect(dbConfigFromEnv({ PGLITE_DATA_DIR: "/tmp/x" })).toEqual({ engine: "pglite", dataDir: "/tmp/x", statementMs: 15_000 });
    expect(dbConfigFromEnv({ PGLITE_DATA_DIR: "/tmp/x", DB_STATEMENT_TIMEOUT_MS: "900" })).toMatchObject({ statementMs: 900 });
  });
});
