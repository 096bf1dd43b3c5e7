/**
 * The authentication and authorization matrix of the events feed: every credential reads the
 * events of the records it may read (so a list never refuses, and an event of another tenant is a
 * 404); run by tests/integration/guards/auth-matrix.test.ts. What each credential sees is
 * tests/integration/events/events-api.test.ts.
 */
import { randomUUID } from "node:crypto";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { writeEvents } from "@/lib/services/events/write-events.ts";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listEvents } = restRoute("/events");
const { GET: getEvent } = restRoute("/events/{id}");

/** A record.created event of a contact, written as a record write would; its id. */
export async function contactEvent(t: TestTenant): Promise<{ id: string }> {
  const recordId = randomUUID();
  await withTenantSql(t.tenantId, async (tx) => {
    const stamp = new Date();
    const data = { id: recordId, name: "Matrix", owner_id: null, created_at: stamp.toISOString(), updated_at: stamp.toISOString() };
    await writeEvents(tx, t.tenantId, [{ event: "record.created", objectApiName: "contact", recordId, data }], stamp);
  });
  const [row] = await withTenantSql(
    t.tenantId,
    async (tx) =>
      tx.$queryRaw<
        { id: string }[]
      >`SELECT id::text FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${recordId}::uuid`,
  );
  return { id: row!.id };
}

export const eventsMatrices: MatrixTable = {
  "events.list": matrix({
    object: null,
    action: "read",
    prepare: contactEvent,
    call: (_ctx, auth) => call(listEvents, { auth }),
    crossTenantStatus: 200,
  }),
  "events.get": matrix({
    object: null,
    action: "read",
    prepare: contactEvent,
    call: (ctx, auth) => call(getEvent, { auth, params: { id: ctx.id } }),
  }),
};
