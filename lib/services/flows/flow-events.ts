import type { SqlTx } from "@/lib/db/tenant.ts";
import type { FlowEventName } from "@/lib/schemas/event-names.ts";
import type { FlowEventMeta } from "@/lib/services/events/payloads.ts";
import type { NewEvent } from "@/lib/services/events/write-events.ts";
import type { ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";
import { toApiRecords, type ApiRecord } from "@/lib/services/records/serialize.ts";

/** An enrolled record as flow events carry it (`data`), and whether it is in the trash. */
export interface EnrolledRecord {
  data: ApiRecord;
  trashed: boolean;
}

/** The records of one object by id, live or trashed, as the API returns them (formulas computed). */
export async function loadEnrolledRecords(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  ids: string[],
): Promise<Map<string, EnrolledRecord>> {
  const live = await findRecords(tx, tenantId, object.id, ids);
  const liveIds = new Set(live.map((r) => r.id));
  const trashed = await findRecords(
    tx,
    tenantId,
    object.id,
    ids.filter((id) => !liveIds.has(id)),
    { trashed: true },
  );
  const rows = [...live, ...trashed];
  const api = await toApiRecords(tx, tenantId, object, rows);
  return new Map(rows.map((r, i) => [r.id, { data: api[i]!, trashed: !liveIds.has(r.id) }]));
}

export interface FlowEventSubject {
  flow: { id: string; name: string };
  enrollmentId: string;
  objectApiName: string;
  recordId: string;
  data: ApiRecord;
}

/** One flow event (spec 6.4) about an enrollment; `meta` per event is documented in payloads.ts. */
export const flowEvent = <E extends FlowEventName>(event: E, s: FlowEventSubject, meta: FlowEventMeta<E>): NewEvent =>
  ({
    event,
    flowId: s.flow.id,
    flowName: s.flow.name,
    enrollmentId: s.enrollmentId,
    objectApiName: s.objectApiName,
    recordId: s.recordId,
    data: s.data,
    meta,
  }) as NewEvent;

/** What `data` says of a record that is gone (it cascades its enrollments away, so only a race sees this). */
export const goneRecord = (id: string): EnrolledRecord => ({ data: { id, owner_id: null, created_at: "", updated_at: "" }, trashed: true });
