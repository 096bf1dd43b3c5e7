/**
 * The authentication and authorization matrix of the REST hooks (spec 5.5, DESIGN.md): admins'
 * credentials only, never a read-only key; keyed by operation name and run by
 * tests/integration/guards/auth-matrix.test.ts.
 */
import { randomUUID } from "node:crypto";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
import { contactEvent } from "./events.ts";

const { POST: redeliver } = restRoute("/webhooks/{id}/deliveries/{deliveryId}/redeliver");
const { GET: getDelivery } = restRoute("/webhooks/{id}/deliveries/{deliveryId}");
const { GET: listDeliveries } = restRoute("/webhooks/{id}/deliveries");
const { POST: rotateSecret } = restRoute("/webhooks/{id}/rotate-secret");
const { POST: testHook } = restRoute("/webhooks/{id}/test");
const { POST: resendEvent } = restRoute("/webhooks/{id}/resend");
const { DELETE: deleteHook, GET: getHook, PATCH: patchHook } = restRoute("/webhooks/{id}");
const { GET: listHooks, POST: createHook } = restRoute("/webhooks");

/** A public address that nothing here ever sends to: the matrices run no dispatcher. */
const URL = "https://93.184.215.14/hook";

/** A webhook of the tenant with one delivery in its log, written directly. */
async function webhookWithDelivery(t: TestTenant): Promise<{ id: string; deliveryId: string }> {
  const id = randomUUID();
  const deliveryId = randomUUID();
  await withTenantSql(t.tenantId, async (tx) => {
    await tx.$executeRaw`INSERT INTO webhook (tenant_id, id, url, events, secret_sealed, created_by_id)
      VALUES (${t.tenantId}::uuid, ${id}::uuid, ${URL}, ARRAY['record.created'], 'sealed', ${t.users.admin}::uuid)`;
    await tx.$executeRaw`INSERT INTO webhook_delivery (tenant_id, id, webhook_id, event_id, event, state, request_body, response_status, created_at)
      VALUES (${t.tenantId}::uuid, ${deliveryId}::uuid, ${id}::uuid, ${randomUUID()}::uuid, 'record.created', 'delivered', '{}', 200, now())`;
  });
  return { id, deliveryId };
}

const common = { object: null, action: "read", managersOnly: true } as const;

export const webhooksMatrices: MatrixTable = {
  "webhooks.list": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (_ctx, auth) => call(listHooks, { auth }),
    crossTenantStatus: 200,
  }),
  "webhooks.create": matrix({
    ...common,
    prepare: async () => ({}),
    call: (_ctx, auth) => call(createHook, { auth, body: { url: URL } }),
    crossTenantStatus: 201,
  }),
  "webhooks.get": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(getHook, { auth, params: { id: ctx.id } }),
  }),
  "webhooks.update": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(patchHook, { auth, method: "PATCH", params: { id: ctx.id }, body: { events: ["record.updated"] } }),
  }),
  "webhooks.rotateSecret": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(rotateSecret, { auth, method: "POST", params: { id: ctx.id } }),
  }),
  "webhooks.test": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(testHook, { auth, method: "POST", params: { id: ctx.id } }),
  }),
  "webhooks.resend": matrix({
    ...common,
    prepare: async (t) => ({ ...(await webhookWithDelivery(t)), event: await contactEvent(t) }),
    call: (ctx, auth) => call(resendEvent, { auth, method: "POST", params: { id: ctx.id }, body: { event_id: ctx.event.id } }),
  }),
  "webhooks.delete": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(deleteHook, { auth, method: "DELETE", params: { id: ctx.id } }),
    // The first successful call deletes it; the matrix's success check comes first.
    okStatus: 204,
  }),
  "webhooks.deliveries": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(listDeliveries, { auth, params: { id: ctx.id } }),
  }),
  "webhooks.delivery": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(getDelivery, { auth, params: { id: ctx.id, deliveryId: ctx.deliveryId } }),
  }),
  "webhooks.redeliver": matrix({
    ...common,
    prepare: webhookWithDelivery,
    call: (ctx, auth) => call(redeliver, { auth, method: "POST", params: { id: ctx.id, deliveryId: ctx.deliveryId } }),
  }),
};
