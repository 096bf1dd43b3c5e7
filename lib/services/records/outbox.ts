import type { SqlTx } from "@/lib/db/tenant.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type { ApiRecord } from "./serialize.ts";

export type RecordEvent = "record.created" | "record.updated";

/**
 * Writes record events (payload of spec 6.4) in the caller's transaction: they exist exactly
 * when the change they describe commits. One statement for any number of records.
 */
export async function writeRecordEvents(tx: SqlTx, tenantId: string, objectApiName: string, event: RecordEvent, records: ApiRecord[], stamp: Date): Promise<void> {
  if (!records.length) return;
  const timestamp = stamp.toISOString();
  const payloads = records.map((r) => JSON.stringify({ event, tenantId, objectApiName, recordId: r.id, data: r, timestamp }));
  await tx.$executeRaw`
    INSERT INTO outbox_event (tenant_id, id, event, object_api_name, record_id, payload, created_at)
    SELECT ${tenantId}::uuid, u.id, ${event}, ${objectApiName}, u.record_id, u.payload, ${stamp}
    FROM unnest(${records.map(() => uuidV7(stamp.getTime()))}::uuid[], ${records.map((r) => r.id)}::uuid[], ${payloads}::jsonb[]) AS u(id, record_id, payload)`;
}
