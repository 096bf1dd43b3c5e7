import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { MAX_WEBHOOKS_PER_TENANT, type Delivery, type DeliveryDetail, type DeliveryFilter, type Webhook } from "@/lib/schemas/webhooks.ts";
import { checkRegistrationUrl } from "./registration-url.ts";
import { sealSecret } from "./secret-box.ts";
import { generateWebhookSecret } from "./sign.ts";

type DeliveryError = NonNullable<Delivery["error"]>;

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  created_at: Date;
  creator_id: string;
  creator_name: string;
  last_status: number | null;
  last_error: string | null;
  last_at: Date | null;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

function toWebhook(r: WebhookRow): Webhook {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    active: r.active,
    created_at: iso(r.created_at),
    created_by: { id: r.creator_id, name: r.creator_name },
    last_delivery: r.last_at ? { status: r.last_status, error: r.last_error as DeliveryError | null, created_at: iso(r.last_at) } : null,
  };
}

/** Webhooks with their creator and latest delivery (the per-webhook index read backwards, one row each). */
const selectWebhooks = (tx: SqlTx, tenantId: string, id: string | null) =>
  tx.$queryRaw<WebhookRow[]>`
    SELECT w.id::text, w.url, w.events, w.active, w.created_at, u.id::text AS creator_id, u.name AS creator_name,
           d.response_status AS last_status, d.error AS last_error, d.created_at AS last_at
    FROM webhook w
    JOIN app_user u ON u.tenant_id = w.tenant_id AND u.id = w.created_by_id
    LEFT JOIN LATERAL (
      SELECT response_status, error, created_at FROM webhook_delivery
      WHERE tenant_id = w.tenant_id AND webhook_id = w.id ORDER BY id DESC LIMIT 1
    ) d ON true
    WHERE w.tenant_id = ${tenantId}::uuid AND (${id}::uuid IS NULL OR w.id = ${id}::uuid)
    ORDER BY w.created_at, w.id`;

export async function listWebhooks(tx: SqlTx, tenantId: string): Promise<Webhook[]> {
  return (await selectWebhooks(tx, tenantId, null)).map(toWebhook);
}

export async function findWebhook(tx: SqlTx, tenantId: string, id: string): Promise<Webhook> {
  const [row] = await selectWebhooks(tx, tenantId, id);
  if (!row) throw notFound("Webhook");
  return toWebhook(row);
}

/** Creates the webhook with a new signing secret, sealed at rest; the secret is returned this once. */
export async function createWebhook(
  tx: SqlTx,
  p: Principal,
  input: { url: string; events: string[]; active: boolean },
): Promise<Webhook & { secret: string }> {
  await checkRegistrationUrl(input.url);
  // Serialized per tenant, so two concurrent creates cannot both pass the cap.
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${p.tenantId}`}, 0))`;
  const [{ n } = { n: 0 }] = await tx.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM webhook WHERE tenant_id = ${p.tenantId}::uuid`;
  if (n >= MAX_WEBHOOKS_PER_TENANT) throw invalid(`A tenant may have at most ${MAX_WEBHOOKS_PER_TENANT} webhooks; delete one first`);
  const id = uuidV7();
  const secret = generateWebhookSecret();
  await tx.$executeRaw`
    INSERT INTO webhook (tenant_id, id, url, events, active, secret_sealed, created_by_id)
    VALUES (${p.tenantId}::uuid, ${id}::uuid, ${input.url}, ${input.events}::text[], ${input.active}, ${sealSecret(secret, id)}, ${p.userId}::uuid)`;
  return { ...(await findWebhook(tx, p.tenantId, id)), secret };
}

export async function updateWebhook(
  tx: SqlTx,
  tenantId: string,
  id: string,
  changes: { url?: string; events?: string[]; active?: boolean },
): Promise<Webhook> {
  if (changes.url !== undefined) await checkRegistrationUrl(changes.url);
  const n = await tx.$executeRaw`
    UPDATE webhook SET url = coalesce(${changes.url ?? null}, url), events = coalesce(${changes.events ?? null}::text[], events),
      active = coalesce(${changes.active ?? null}::boolean, active),
      active_since = CASE WHEN NOT active AND ${changes.active ?? null}::boolean THEN now() ELSE active_since END, updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  if (n === 0) throw notFound("Webhook");
  return findWebhook(tx, tenantId, id);
}

/** How long the secret a rotation replaces keeps signing, so receivers can switch without losing a delivery (Stripe's longest). */
export const PREVIOUS_SECRET_HOURS = 24;

/**
 * A new signing secret, returned this once. The replaced one, still sealed, signs beside it for
 * PREVIOUS_SECRET_HOURS. Only one previous secret is kept, as Stripe does: rotating again within
 * that time ends the older one at once (deliveries carry two signatures at most, and a secret
 * rotated away twice is one its admin wants gone).
 */
export async function rotateWebhookSecret(
  tx: SqlTx,
  tenantId: string,
  id: string,
): Promise<{ secret: string; previous_secret_expires_at: string }> {
  const secret = generateWebhookSecret();
  const [row] = await tx.$queryRaw<{ expires_at: Date }[]>`
    UPDATE webhook SET previous_secret_sealed = secret_sealed, secret_sealed = ${sealSecret(secret, id)},
      previous_secret_expires_at = now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS}::int), updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid
    RETURNING previous_secret_expires_at AS expires_at`;
  if (!row) throw notFound("Webhook");
  return { secret, previous_secret_expires_at: iso(row.expires_at) };
}

/** Deletes the webhook and its delivery log; nothing more is sent to it. */
export async function deleteWebhook(tx: SqlTx, tenantId: string, id: string): Promise<void> {
  const n = await tx.$executeRaw`DELETE FROM webhook WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  if (n === 0) throw notFound("Webhook");
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: Date;
}

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    webhookId: r.webhook_id,
    event: r.event,
    status: r.response_status,
    error: r.error as DeliveryError | null,
    duration_ms: r.duration_ms,
    created_at: iso(r.created_at),
  };
}

/**
 * The delivery log, newest first (ids are uuid v7, so by id), one page after `starting_after`.
 * Success is a 2xx answer; failure is any other finished attempt.
 */
export async function listDeliveries(tx: SqlTx, tenantId: string, f: DeliveryFilter): Promise<{ data: Delivery[]; has_more: boolean }> {
  const outcome = f.outcome ?? null;
  // ORDER BY names the table's id: a bare `id` would be the select list's id::text, which no index orders.
  const rows = await tx.$queryRaw<DeliveryRow[]>`
    SELECT id::text, webhook_id::text, event, response_status, error, duration_ms, created_at FROM webhook_delivery
    WHERE tenant_id = ${tenantId}::uuid
      AND (${f.webhookId ?? null}::uuid IS NULL OR webhook_id = ${f.webhookId ?? null}::uuid)
      AND (${f.event ?? null}::text IS NULL OR event = ${f.event ?? null}::text)
      AND (${f.starting_after ?? null}::uuid IS NULL OR id < ${f.starting_after ?? null}::uuid)
      AND (${outcome}::text IS NULL
           OR (${outcome}::text = 'success' AND response_status BETWEEN 200 AND 299)
           OR (${outcome}::text = 'failure' AND state IN ('failed', 'interrupted')))
    ORDER BY webhook_delivery.id DESC LIMIT ${f.limit + 1}`;
  return { data: rows.slice(0, f.limit).map(toDelivery), has_more: rows.length > f.limit };
}

interface DeliveryDetailRow extends DeliveryRow {
  redelivery_of: string | null;
  error_detail: string | null;
  request_headers: Record<string, string> | string | null;
  request_body: string;
  response_head: string | null;
}

export async function findDelivery(tx: SqlTx, tenantId: string, webhookId: string, id: string): Promise<DeliveryDetail> {
  const [r] = await tx.$queryRaw<DeliveryDetailRow[]>`
    SELECT id::text, webhook_id::text, event, response_status, error, duration_ms, created_at, redelivery_of::text, error_detail,
           request_headers, request_body, response_head
    FROM webhook_delivery WHERE tenant_id = ${tenantId}::uuid AND webhook_id = ${webhookId}::uuid AND id = ${id}::uuid`;
  if (!r) throw notFound("Delivery");
  const headers = typeof r.request_headers === "string" ? (JSON.parse(r.request_headers) as Record<string, string>) : r.request_headers;
  return {
    ...toDelivery(r),
    redelivery_of: r.redelivery_of,
    error_detail: r.error_detail,
    request: { headers, body: r.request_body },
    response: { head: r.response_head },
  };
}
