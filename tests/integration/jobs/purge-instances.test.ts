/**
 * Several instances purging one PostgreSQL database at once, and one killed with SIGKILL half-way:
 * real processes (tests/fixtures/jobs-instance.ts) running the real runner and purge. "Exactly
 * once" for a purge: every expired row gone, every live row untouched, no error anywhere.
 * PostgreSQL only: PGlite serves one process per data directory, so there is one instance at most.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredRows } from "@/lib/jobs/purge-expired.ts";
import { failures, killInstance, startInstance, stopInstance, waitFor, type Instance } from "../../helpers/instance-process.ts";
import { privateDatabase } from "../../helpers/private-database.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The backlog each test seeds, per table, spread over three tenants; as many live rows again. */
const EXPIRED = {
  idempotency_key: 1000,
  oauth_token: 400,
  oauth_code: 400,
  oauth_consent_use: 400,
  webhook_delivery: 0,
  outbox_event: 0,
  api_request_log: 0,
  oauth_app: 0,
};
const TOTAL_EXPIRED = Object.values(EXPIRED).reduce((a, b) => a + b, 0);

/** Rows the purge must take, by the rules of the jobs_purge_expired migration. */
const EXPIRED_COUNT = `SELECT (SELECT count(*) FROM idempotency_key WHERE created_at < now() - interval '24 hours')
  + (SELECT count(*) FROM oauth_token WHERE expires_at <= now() - interval '1 hour')
  + (SELECT count(*) FROM oauth_code WHERE expires_at <= now() - interval '1 hour')
  + (SELECT count(*) FROM oauth_consent_use WHERE expires_at <= now() - interval '1 hour') AS n`;

/** Every row there is, as one digest, to show that the live ones are exactly as they were. */
const ROWS_DIGEST = `SELECT md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS digest FROM (
  SELECT concat_ws('|', 'k', tenant_id, credential_id, key, request_hash, status, response, created_at) AS r FROM idempotency_key
  UNION ALL SELECT concat_ws('|', 't', tenant_id, id, family_id, kind, expires_at, used_at, revoked_at) FROM oauth_token
  UNION ALL SELECT concat_ws('|', 'c', tenant_id, id, expires_at, used_at) FROM oauth_code
  UNION ALL SELECT concat_ws('|', 'u', tenant_id, token_hash, expires_at) FROM oauth_consent_use) rows`;

describe.skipIf(!onPostgres)("purge-expired in several instances (PostgreSQL)", () => {
  const database = privateDatabase();
  let owner: pg.Client;

  beforeAll(async () => {
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
  });

  const count = async (sql: string) => Number((await owner.query<{ n: string }>(sql)).rows[0]!.n);
  const countWith = async (sql: string, values: unknown[]) => Number((await owner.query<{ n: string }>(sql, values)).rows[0]!.n);
  const digest = async () => (await owner.query<{ digest: string }>(ROWS_DIGEST)).rows[0]!.digest;

  /** A fresh backlog (as the owner, which row-level security does not stop); returns the live rows' digest. */
  async function seedBacklog(): Promise<string> {
    await owner.query("TRUNCATE idempotency_key, oauth_token, oauth_code, oauth_consent_use");
    const tenants = [randomUUID(), randomUUID(), randomUUID()];
    const tenant = `(ARRAY['${tenants.join("','")}']::uuid[])[1 + i % 3]`;
    for (const [live, age] of [
      [true, "interval '1 hour'"],
      [false, "interval '25 hours'"],
    ] as const) {
      await owner.query(`INSERT INTO idempotency_key (tenant_id, credential_id, key, request_hash, status, response, created_at)
        SELECT ${tenant}, gen_random_uuid(), '${live ? "live" : "expired"}-' || i, 'h', 200, 'null', now() - ${age}
        FROM generate_series(1, ${EXPIRED.idempotency_key}) i`);
    }
    for (const [live, expiry] of [
      [true, "now() + interval '1 hour'"],
      [false, "now() - interval '2 hours'"],
    ] as const) {
      await owner.query(`INSERT INTO oauth_token (tenant_id, id, kind, family_id, secret_hash, app_id, user_id, grant_id, scopes, expires_at)
        SELECT ${tenant}, gen_random_uuid(), 'access', gen_random_uuid(), 'h', gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '{}', ${expiry}
        FROM generate_series(1, ${EXPIRED.oauth_token}) i`);
      await owner.query(`INSERT INTO oauth_code (tenant_id, id, secret_hash, app_id, user_id, grant_id, redirect_uri, scopes, code_challenge, expires_at)
        SELECT ${tenant}, gen_random_uuid(), 'h', gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'https://app.test/cb', '{}', 'c', ${expiry}
        FROM generate_series(1, ${EXPIRED.oauth_code}) i`);
      await owner.query(`INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at)
        SELECT ${tenant}, '${live ? "live" : "expired"}-' || i, ${expiry} FROM generate_series(1, ${EXPIRED.oauth_consent_use}) i`);
    }
    // The local cluster runs without autovacuum: give the planner statistics for the new rows.
    await owner.query("ANALYZE idempotency_key, oauth_token, oauth_code, oauth_consent_use");
    expect(await count(EXPIRED_COUNT)).toBe(TOTAL_EXPIRED);
    // The digest of what must survive: all rows but the expired ones.
    await owner.query("BEGIN");
    await owner.query("DELETE FROM idempotency_key WHERE key LIKE 'expired-%'");
    await owner.query("DELETE FROM oauth_token WHERE expires_at < now()");
    await owner.query("DELETE FROM oauth_code WHERE expires_at < now()");
    await owner.query("DELETE FROM oauth_consent_use WHERE token_hash LIKE 'expired-%'");
    const live = await digest();
    await owner.query("ROLLBACK");
    return live;
  }

  const deleted = (instance: Instance) => instance.lines().reduce((sum, l) => sum + (typeof l.deleted === "number" ? l.deleted : 0), 0);
  const start = (env: Record<string, string>) => startInstance("tests/fixtures/jobs-instance.ts", database, env);

  it("an instance that finds another purging stands aside for that run, and purges once the lock is free", async () => {
    const live = await seedBacklog();
    const holder = new pg.Client({ connectionString: database.appUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock(hashtextextended('job:purge-expired', 0))");
      const aside = await purgeExpiredRows({ batchSize: 100 });
      expect(aside).toEqual({
        lockedElsewhere: true,
        deleted: {
          idempotency_key: 0,
          oauth_token: 0,
          oauth_code: 0,
          oauth_consent_use: 0,
          webhook_delivery: 0,
          outbox_event: 0,
          api_request_log: 0,
          oauth_app: 0,
        },
      });
      expect(await count(EXPIRED_COUNT)).toBe(TOTAL_EXPIRED);
      await holder.query("COMMIT");
    } finally {
      await holder.end();
    }
    const done = await purgeExpiredRows({ batchSize: 100 });
    expect(done).toEqual({ lockedElsewhere: false, deleted: EXPIRED });
    expect(await digest()).toBe(live);
  });

  it("two instances purging at once delete every expired row once between them and touch no live row", async () => {
    const live = await seedBacklog();
    const instances = await Promise.all([start({ PURGE_BATCH_SIZE: "50" }), start({ PURGE_BATCH_SIZE: "50" })]);
    await waitFor("the backlog to be gone", 60_000, async () => (await count(EXPIRED_COUNT)) === 0);
    await Promise.all(instances.map(stopInstance));
    expect(instances.map(failures)).toEqual([[], []]);
    expect(deleted(instances[0]!) + deleted(instances[1]!)).toBe(TOTAL_EXPIRED);
    expect(instances.flatMap((i) => i.lines()).every((l) => typeof l.deleted !== "number" || l.deleted <= 50)).toBe(true);
    expect(await digest()).toBe(live);
  });

  it("an instance killed with SIGKILL mid-purge loses nothing: the next one deletes exactly what was left", async () => {
    const live = await seedBacklog();
    const first = await start({ PURGE_BATCH_SIZE: "50", PURGE_PAUSE_MS: "25" });
    await waitFor("a few batches", 60_000, () => deleted(first) >= 200);
    // Its connections gone, whatever it had under way has rolled back (or committed, if its
    // COMMIT had left): from here the database alone says what is left.
    await killInstance(first, countWith);
    const left = await count(EXPIRED_COUNT);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(TOTAL_EXPIRED - deleted(first));

    const second = await start({ PURGE_BATCH_SIZE: "50" });
    await waitFor("the backlog to be gone", 60_000, async () => (await count(EXPIRED_COUNT)) === 0);
    await stopInstance(second);
    expect(failures(second)).toEqual([]);
    expect(deleted(second)).toBe(left);
    expect(await digest()).toBe(live);
  });
});
