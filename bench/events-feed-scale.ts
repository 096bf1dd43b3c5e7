/**
 * GET /api/v1/events at size: one tenant with BENCH_EVENTS (1,000,000) events (record events of
 * contacts, companies, opportunities and a few products; a few flow events), written 500 per
 * transaction as bulk writes do and never ANALYZEd (as a customer's feed is before anything
 * gathers statistics), on PGlite and — when DATABASE_URL is set — PostgreSQL. The times of the
 * feed's pages, in-process, with common and rare filters and credentials that see little.
 *
 *   npx tsx bench/events-feed-scale.ts
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/events-feed-scale.ts
 * Options: BENCH_EVENTS (1000000).
 */
import { apiRouter } from "../lib/adapters/api-router.ts";
import type { RouteHandler } from "../lib/adapters/route-handler.ts";
import { setDatabase, type Database } from "../lib/db/client.ts";
import { withTenantSql } from "../lib/db/tenant.ts";
import { createMemoryRateLimiter, setRateLimiter } from "../lib/rate-limit/index.ts";
import { flushRequestLog } from "../lib/services/request-log/writer.ts";
import { createTestKey, createTestTenant } from "../tests/helpers/fixtures.ts";
import { runBench, timedGet } from "./bench-kit.ts";
import { onEachEngine } from "./bench-server.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);
const route = (p: string) => apiRouter().match(p.split("/").filter(Boolean))!.route.methods.GET! as RouteHandler;
const listRoute = route("/api/v1/events");

/**
 * 500 events per transaction, as bulk writes make them (each keeps its transaction's id, the feed's
 * order), ids in order, spread over the last 29 days; the object and type mixes of a busy tenant.
 */
async function seed(tenantId: string): Promise<void> {
  for (let n = 0; n < EVENTS; n += 500) {
    await withTenantSql(tenantId, async (tx) => {
      await tx.$executeRaw`
        INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at, processed_at)
        SELECT ${tenantId}::uuid,
               (lpad(to_hex(${Date.now() - 29 * 86_400_000}::bigint + (i::bigint * ${29 * 86_400_000}::bigint / ${EVENTS}::bigint)), 12, '0')
                 || '7000' || '8000' || lpad(to_hex(i), 12, '0'))::uuid,
               CASE WHEN i % 1000 = 7 THEN 'flow.completed' WHEN i % 3 = 0 THEN 'record.updated' ELSE 'record.created' END,
               CASE WHEN i % 1000 = 3 THEN 'product' WHEN i % 10 < 7 THEN 'contact' WHEN i % 10 < 9 THEN 'company' ELSE 'opportunity' END,
               gen_random_uuid(),
               '{"event":"record.created","tenantId":"' || ${tenantId} || '","objectApiName":"contact","recordId":"' || gen_random_uuid()
                 || '","data":{"first_name":"Bench","last_name":"Event ' || i || '","email":"bench' || i || '@example.com"}}',
               now() - make_interval(secs => (${EVENTS} - i) * ${(29 * 86_400) / EVENTS}::float8),
               now()
        FROM generate_series(${n}::int, ${Math.min(EVENTS, n + 500) - 1}::int) AS i`;
    });
  }
}

async function atSize(engine: string, db: Promise<Database>): Promise<void> {
  setDatabase(db);
  setRateLimiter(createMemoryRateLimiter());
  const t = await createTestTenant("bench-events");
  const admin = (await createTestKey(t, { rateLimit: 100000 })).secret;
  const productsOnly = (await createTestKey(t, { rateLimit: 100000, allowedObjects: ["product"], readOnly: true })).secret;
  const leadsOnly = (await createTestKey(t, { rateLimit: 100000, allowedObjects: ["lead"], readOnly: true })).secret;
  const started = performance.now();
  await seed(t.tenantId);
  log(`${engine}: ${EVENTS} events written in ${((performance.now() - started) / 1000).toFixed(1)} s (never analyzed)`);
  const [middle] = await withTenantSql(
    t.tenantId,
    async (tx) =>
      tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM outbox_event ORDER BY tx_id, id OFFSET ${Math.floor(EVENTS / 2)} LIMIT 1`,
  );
  const cases: [string, string, Record<string, string>][] = [
    ["newest 50", admin, {}],
    ["after=start, oldest 500", admin, { after: "start", limit: "500" }],
    ["after an event in the middle, 500", admin, { after: middle!.id, limit: "500" }],
    ["objectApiName=contact (70%)", admin, { objectApiName: "contact" }],
    ["objectApiName=product (0.1%)", admin, { objectApiName: "product" }],
    ["type=flow.completed (0.1%)", admin, { type: "flow.completed" }],
    ["a key that reads only products (0.1%)", productsOnly, {}],
    ["a key that reads only leads (none: every event is read)", leadsOnly, {}],
    ["created_since 1 day ago", admin, { created_since: new Date(Date.now() - 86_400_000).toISOString() }],
  ];
  console.log(`\nGET /api/v1/events at ${EVENTS} events of one tenant (${engine}, never analyzed, median of 5)`);
  console.log("| page | ms | events |");
  console.log("|---|---|---|");
  for (const [name, auth, query] of cases) {
    const { ms, n } = await timedGet(listRoute, "http://localhost/api/v1/events", auth, query);
    console.log(`| ${name} | ${ms.toFixed(1)} | ${n} |`);
  }
  await flushRequestLog(); // the bench's own requests' lines, before the database closes
}

async function main() {
  await onEachEngine("crm_bench_events_feed", atSize);
}

runBench(main);
