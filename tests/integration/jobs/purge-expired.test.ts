/**
 * The purge-expired job on the real database (PGlite, or PostgreSQL with DATABASE_URL): exactly
 * the expired rows of every table go, in every tenant, and nothing a live row or a security
 * check still needs. Times are relative to the database's clock, which the purge goes by.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withJobSql } from "@/lib/db/job-transaction.ts";
import { type SqlTx, withTenantSql } from "@/lib/db/tenant.ts";
import { uuidV7Sequence } from "@/lib/ids/uuid-v7.ts";
import { purgeExpiredRows, type PurgedTable } from "@/lib/jobs/purge-expired.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";

privateDatabase();

const HOUR = 3600;

/** Seconds from the database's now(). */
const at = (tx: SqlTx, seconds: number) =>
  tx.$queryRaw<{ t: Date }[]>`SELECT now() + make_interval(secs => ${seconds}) AS t`.then((r) => r[0]!.t);

interface Seeded {
  tenantId: string;
  /** label → key or id, per table. */
  ids: Record<PurgedTable, Record<string, string>>;
}

/** One tenant's rows: each label says whether the purge must take it. */
async function seed(t: TestTenant, webhookActive: boolean): Promise<Seeded> {
  const tenantId = t.tenantId;
  const ids: Seeded["ids"] = {
    idempotency_key: {},
    oauth_token: {},
    oauth_code: {},
    oauth_consent_use: {},
    webhook_delivery: {},
    outbox_event: {},
    api_request_log: {},
    oauth_app: {},
  };
  const credential = randomUUID();
  const app = randomUUID();
  const user = randomUUID();
  const grant = randomUUID();
  await withTenantSql(tenantId, async (tx) => {
    for (const [label, age] of [
      ["gone: 25 h old", 25 * HOUR],
      ["kept: 23 h old", 23 * HOUR],
    ] as const) {
      ids.idempotency_key[label] = label;
      await tx.$executeRaw`INSERT INTO idempotency_key (tenant_id, credential_id, key, request_hash, status, response, created_at)
        VALUES (${tenantId}::uuid, ${credential}::uuid, ${label}, 'h', 200, 'null', ${await at(tx, -age)})`;
    }
    const token = async (
      label: string,
      family: string,
      kind: string,
      expiresIn: number,
      extra: { used?: boolean; revoked?: boolean } = {},
    ) => {
      const id = randomUUID();
      ids.oauth_token[label] = id;
      await tx.$executeRaw`INSERT INTO oauth_token (tenant_id, id, kind, family_id, secret_hash, app_id, user_id, grant_id, scopes, expires_at, used_at, revoked_at)
        VALUES (${tenantId}::uuid, ${id}::uuid, ${kind}, ${family}::uuid, 'h', ${app}::uuid, ${user}::uuid, ${grant}::uuid, ARRAY['records:read'],
                ${await at(tx, expiresIn)}, ${extra.used ? await at(tx, -3 * HOUR) : null}, ${extra.revoked ? await at(tx, -3 * HOUR) : null})`;
    };
    const code = async (label: string, id: string, expiresIn: number, used: boolean) => {
      ids.oauth_code[label] = id;
      await tx.$executeRaw`INSERT INTO oauth_code (tenant_id, id, secret_hash, app_id, user_id, grant_id, redirect_uri, scopes, code_challenge, expires_at, used_at)
        VALUES (${tenantId}::uuid, ${id}::uuid, 'h', ${app}::uuid, ${user}::uuid, ${grant}::uuid, 'https://app.test/cb', ARRAY['records:read'], 'c',
                ${await at(tx, expiresIn)}, ${used ? await at(tx, expiresIn - 30) : null})`;
    };

    // A family whose every token expired over an hour ago: nothing left to protect.
    const dead = randomUUID();
    await code("gone: used, its family all expired", dead, -4 * HOUR, true);
    await token("gone: dead family's access", dead, "access", -3 * HOUR);
    await token("gone: dead family's spent refresh", dead, "refresh", -2 * HOUR, { used: true });
    // A family still alive: its spent refresh token must still reveal a reuse, its code a replay;
    // its expired access token serves nothing.
    const live = randomUUID();
    await code("kept: used, its family alive", live, -4 * HOUR, true);
    await token("gone: live family's expired access", live, "access", -3 * HOUR);
    await token("kept: live family's spent expired refresh", live, "refresh", -2 * HOUR, { used: true });
    await token("kept: live family's refresh", live, "refresh", 20 * 24 * HOUR);
    // Revoked: kept until it expires too, then gone.
    await token("kept: revoked, not expired", randomUUID(), "refresh", 10 * 24 * HOUR, { revoked: true });
    await token("gone: revoked and expired", randomUUID(), "access", -2 * HOUR, { revoked: true });
    // Expired less than the hour's grace ago (the app checks expiry on its own clock).
    await token("kept: expired within the grace", randomUUID(), "access", -30 * 60);
    await code("kept: unused, expired within the grace", randomUUID(), -10 * 60, false);
    await code("gone: unused, expired 2 h ago", randomUUID(), -2 * HOUR, false);
    await code("kept: unused, live", randomUUID(), 60, false);

    for (const [label, expiresIn] of [
      ["gone: expired 2 h ago", -2 * HOUR],
      ["kept: expired within the grace", -10 * 60],
      ["kept: live", HOUR],
    ] as const) {
      ids.oauth_consent_use[label] = label;
      await tx.$executeRaw`INSERT INTO oauth_consent_use (tenant_id, token_hash, expires_at) VALUES (${tenantId}::uuid, ${label}, ${await at(tx, expiresIn)})`;
    }

    // The delivery log is kept 30 days; events EVENTS_RETENTION_DAYS (30), unless still waiting for an active
    // webhook, and never less than a day whatever crm_app passes (events-api.test.ts sets other retentions).
    const webhook = randomUUID();
    await tx.$executeRaw`INSERT INTO webhook (tenant_id, id, url, events, active, secret_sealed, created_by_id)
      VALUES (${tenantId}::uuid, ${webhook}::uuid, 'https://example.com/', ARRAY['record.created'], ${webhookActive}, 'x', ${t.users.admin}::uuid)`;
    for (const [label, days] of [
      ["gone: 31 days old", 31],
      ["kept: 29 days old", 29],
    ] as const) {
      const id = randomUUID();
      ids.webhook_delivery[label] = id;
      await tx.$executeRaw`INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, state, request_body, created_at)
        VALUES (${tenantId}::uuid, ${id}::uuid, ${webhook}::uuid, ${randomUUID()}::uuid, 'record.created', 'delivered', '{}', ${await at(tx, -days * 24 * HOUR)})`;
    }
    for (const [label, hoursAgo, claimed] of [
      ["gone: claimed, 31 days old", 31 * 24, true],
      ["kept: claimed, 20 hours old", 20, true],
      [webhookActive ? "kept: waiting 31 days for an active webhook" : "gone: waiting 31 days, no active webhook", 31 * 24, false],
    ] as const) {
      const id = randomUUID();
      ids.outbox_event[label] = id;
      const created = await at(tx, -hoursAgo * HOUR);
      await tx.$executeRaw`INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at, processed_at)
        VALUES (${tenantId}::uuid, ${id}::uuid, 'record.created', 'contact', ${randomUUID()}::uuid, '{}', ${created}, ${claimed ? created : null})`;
    }

    // Agent connections go after 30 days unused, with their grants; marketplace apps never.
    for (const [label, kind, days, used] of [
      ["gone: agent unused 31 days", "agent", 31, true],
      ["gone: agent registered 31 days ago, never used", "agent", 31, false],
      ["kept: agent used 29 days ago", "agent", 29, true],
      ["kept: marketplace app, 40 days old", "app", 40, false],
    ] as const) {
      const id = randomUUID();
      ids.oauth_app[label] = id;
      const when = await at(tx, -days * 24 * HOUR);
      await tx.$executeRaw`INSERT INTO oauth_app (id, client_id, name, redirect_uris, allowed_origins, scopes, kind, registration, created_at, last_used_at)
        VALUES (${id}::uuid, ${`purge-${id}`}, ${label}, ARRAY['http://127.0.0.1/cb'], '{}', ARRAY['records:read'], ${kind},
                ${kind === "agent" ? "dynamic" : null}, ${used ? await at(tx, -40 * 24 * HOUR) : when}, ${used ? when : null})`;
      await tx.$executeRaw`INSERT INTO oauth_grant (tenant_id, id, app_id, user_id, scopes)
        VALUES (${tenantId}::uuid, ${randomUUID()}::uuid, ${id}::uuid, ${t.users.admin}::uuid, ARRAY['records:read'])`;
    }
  });
  // Request log lines are kept REQUEST_LOG_RETENTION_DAYS (7), never less than a day whatever crm_app
  // passes; only the writer's function adds them.
  const lines: Record<string, unknown>[] = [];
  for (const [label, days] of [
    ["gone: 8 days old", 8],
    ["kept: 20 hours old", 20 / 24],
  ] as const) {
    // A line's id is its request's, a uuid v7 of when it arrived: what the retention goes by.
    const when = Date.now() - days * 24 * HOUR * 1000;
    const id = uuidV7Sequence()(when);
    ids.api_request_log[label] = id;
    lines.push({
      tenant_id: tenantId,
      id,
      created_at: new Date(when).toISOString(),
      credential_kind: "api_key",
      credential_id: credential,
      method: "GET",
      path: "/api/v1/contact",
      status: 200,
      duration_ms: 3,
      user_id: t.users.admin,
    });
  }
  await withJobSql(async (tx) => tx.$queryRaw`SELECT request_log_append(${JSON.stringify(lines)}::jsonb)`, { timeoutMs: 10_000 });
  return { tenantId, ids };
}

/** The labels of the tenant's rows still there, per table. */
async function remaining(s: Seeded): Promise<Record<PurgedTable, string[]>> {
  return withTenantSql(s.tenantId, async (tx) => {
    const present = async (table: PurgedTable, rows: { id: string }[]) => {
      const found = new Set(rows.map((r) => r.id));
      return Object.entries(s.ids[table])
        .filter(([, id]) => found.has(id))
        .map(([label]) => label)
        .sort();
    };
    return {
      idempotency_key: await present("idempotency_key", await tx.$queryRaw`SELECT key AS id FROM idempotency_key`),
      oauth_token: await present("oauth_token", await tx.$queryRaw`SELECT id::text AS id FROM oauth_token`),
      oauth_code: await present("oauth_code", await tx.$queryRaw`SELECT id::text AS id FROM oauth_code`),
      oauth_consent_use: await present("oauth_consent_use", await tx.$queryRaw`SELECT token_hash AS id FROM oauth_consent_use`),
      webhook_delivery: await present("webhook_delivery", await tx.$queryRaw`SELECT id::text AS id FROM webhook_delivery`),
      outbox_event: await present("outbox_event", await tx.$queryRaw`SELECT id::text AS id FROM outbox_event`),
      api_request_log: await present("api_request_log", await tx.$queryRaw`SELECT id::text AS id FROM api_request_log`),
      // An app counts as there while the app or any grant of it is: a purged agent's grants go with it.
      oauth_app: await present(
        "oauth_app",
        await tx.$queryRaw`SELECT id::text AS id FROM oauth_app UNION SELECT app_id::text FROM oauth_grant`,
      ),
    };
  });
}

const keptLabels = (s: Seeded) =>
  Object.fromEntries(
    Object.entries(s.ids).map(([table, labels]) => [
      table,
      Object.keys(labels)
        .filter((l) => l.startsWith("kept"))
        .sort(),
    ]),
  );

describe("purge-expired", () => {
  let a: Seeded;
  let b: Seeded;

  beforeAll(async () => {
    a = await seed(await createTestTenant("purge-a"), true);
    b = await seed(await createTestTenant("purge-b"), false);
  });

  it("deletes exactly the expired rows of every tenant, in batches, and keeps every live one", async () => {
    const batches: [PurgedTable, number][] = [];
    const result = await purgeExpiredRows({ batchSize: 2, onBatch: (table, n) => void batches.push([table, n]) });
    expect(result).toEqual({
      lockedElsewhere: false,
      deleted: {
        idempotency_key: 2,
        oauth_token: 8,
        oauth_code: 4,
        oauth_consent_use: 2,
        webhook_delivery: 2,
        outbox_event: 3,
        api_request_log: 2,
        oauth_app: 4,
      },
    });
    // No statement took more than its batch; a full batch is followed by another.
    expect(batches.every(([, n]) => n <= 2)).toBe(true);
    expect(batches.filter(([table]) => table === "oauth_token").map(([, n]) => n)).toEqual([2, 2, 2, 2, 0]);
    for (const s of [a, b]) expect(await remaining(s)).toEqual(keptLabels(s));
  });

  it("a second run finds nothing more to delete", async () => {
    const result = await purgeExpiredRows();
    expect(result.deleted).toEqual({
      idempotency_key: 0,
      oauth_token: 0,
      oauth_code: 0,
      oauth_consent_use: 0,
      webhook_delivery: 0,
      outbox_event: 0,
      api_request_log: 0,
      oauth_app: 0,
    });
    for (const s of [a, b]) expect(await remaining(s)).toEqual(keptLabels(s));
  });

  it("crm_app cannot make the purge functions take a live row, whatever it passes", async () => {
    const taken = await withJobSql(
      async (tx) =>
        tx.$queryRaw<{ keys: number; tokens: number; log: number; events: number; agents: number; requests: number }[]>`
          SELECT jobs_purge_idempotency_keys(0, 100000) AS keys, jobs_purge_oauth_tokens(100000) AS tokens,
                 jobs_purge_webhook_deliveries(0, 100000) AS log, jobs_purge_outbox_events(0, 100000) AS events,
                 jobs_purge_agent_clients(0, 100000) AS agents,
                 jobs_purge_request_log(0, 100000) + jobs_trim_request_log(0, 100000) AS requests`,
      { timeoutMs: 10_000 },
    );
    expect(taken).toEqual([{ keys: 0, tokens: 0, log: 0, events: 0, agents: 0, requests: 0 }]);
    for (const s of [a, b]) expect(await remaining(s)).toEqual(keptLabels(s));
  });

  it("without a tenant, crm_app itself deletes nothing directly", async () => {
    const deleted = await withJobSql(async (tx) => tx.$executeRaw`DELETE FROM idempotency_key`, { timeoutMs: 10_000 });
    expect(deleted).toBe(0);
    expect((await remaining(a)).idempotency_key).toEqual(["kept: 23 h old"]);
  });
});
