import { assertReadableBy, type Actor } from "@/lib/auth/actor.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { executeLater, queryTogether, type SqlTx } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { AppError, isAppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { eventsInsert, writeEvents, type NewEvent } from "@/lib/services/events/write-events.ts";
import { lockRefusal, openEntering, pendingLocks, type PendingLock } from "./approval-gate.ts";
import { changeStampQuery, stampOf, takeChangeStamp } from "./change-stamp.ts";
import { uniqueClaims, type UniqueClaim } from "./index-rows.ts";
import { missingLookups } from "./lookups.ts";
import type { ObjectSchema } from "./object-schema.ts";
import { recordChanges } from "./record-changes.ts";
import {
  claimStatement,
  claimUniques,
  findRecord,
  findRecords,
  lostClaims,
  oneStatement,
  releaseUniques,
  setTrashed,
  stageInserts,
  stageUpdates,
  type StagedWrite,
  type StoredRecord,
} from "./record-store.ts";
import { settleClaims, type ClaimPlan } from "./settle-claims.ts";
import { toApiRecords, type ApiRecord } from "./serialize.ts";
import { formatValueErrors, validateRecordInput, type LookupRef } from "./values/index.ts";
import { ownValue } from "@/lib/schemas/names.ts";

export type ItemResult = { ok: true; record: ApiRecord } | { ok: false; error: AppError };

// A business-rule failure like any other (400, spec 7); 409 is kept for idempotency and schema races.
// The detail says what the sentence says, so a form beside the field shows the API's own words.
const TAKEN = "another record already has this value";
const taken = (c: UniqueClaim) => invalid(`${c.field}: ${TAKEN}`, [{ path: c.field, message: TAKEN }]);

/** Whether an item failed because another record holds its value of `field` (an upsert then updates that record). */
export const lostUniqueOn = (r: ItemResult, field: string): boolean =>
  !r.ok && r.error.details?.length === 1 && r.error.details[0]!.path === field && r.error.details[0]!.message === TAKEN;
const lookupError = (r: LookupRef) =>
  invalid(`${r.field}: no ${r.targetObject} record with id '${r.id}'`, [
    { path: r.field, message: `must be the id of a ${r.targetObject} record` },
  ]);

interface Pending {
  index: number;
  id: string;
  data: Record<string, unknown>;
  lookups: LookupRef[];
}

/**
 * The actor's refusal to read `r`'s target object, naming the field; undefined when it may. A
 * lookup may only point at an object the actor can read: otherwise "no such record" would tell it
 * which ids exist there.
 */
function lookupRefusal(actor: Actor, r: LookupRef): AppError | undefined {
  try {
    assertReadableBy(actor, r.targetObject);
    return undefined;
  } catch (e) {
    if (!isAppError(e)) throw e;
    const detail = { path: r.field, message: `links to ${r.targetObject} records, which this credential may not read` };
    return new AppError(e.code, e.message, [detail], { requiredScope: e.requiredScope });
  }
}

/**
 * Lookup checks per item; items that fail are settled in `results`. Targets the caller may not
 * read are refused before any id is looked up, so existing and unknown ids get the same answer
 * in the same time.
 */
async function checkItems<T extends Pending>(tx: SqlTx, actor: Actor, items: T[], results: ItemResult[]): Promise<T[]> {
  const readable = items.filter((item) => {
    const refused = item.lookups.map((l) => lookupRefusal(actor, l)).find((e) => e !== undefined);
    if (refused) results[item.index] = { ok: false, error: refused };
    return !refused;
  });
  const missing = await missingLookups(
    tx,
    actor.tenantId,
    readable.flatMap((i) => i.lookups),
  );
  return readable.filter((item) => {
    const bad = item.lookups.find((l) => missing.has(l));
    if (bad) results[item.index] = { ok: false, error: lookupError(bad) };
    return !bad;
  });
}

export interface CreateRecordsOptions {
  /** Who creates them: their owner, and the requester of any approval request they open. */
  actor: Actor;
  object: ObjectSchema;
  inputs: unknown[];
}

/**
 * Creates records with partial success: each input either becomes a record or gets its own
 * error; one set-based insert for all that pass, then one record.created event each.
 */
export async function createRecords(tx: SqlTx, { actor, object, inputs }: CreateRecordsOptions): Promise<ItemResult[]> {
  const { tenantId, userId: ownerId } = actor;
  const results: ItemResult[] = new Array(inputs.length);
  const valid: Pending[] = [];
  inputs.forEach((input, index) => {
    const r = validateRecordInput(object.fields, input, "create");
    if (r.ok) valid.push({ index, id: uuidV7(), data: r.data, lookups: r.lookups });
    else results[index] = { ok: false, error: invalid(formatValueErrors(r.errors), r.errors) };
  });
  const items = await checkItems(tx, actor, valid, results);
  if (!items.length) return results;

  const plans = items.map((i) => ({ recordId: i.id, claim: uniqueClaims(object, i.id, i.data), release: [] }));
  const { stamp, lost } = await stampAndClaim(tx, tenantId, object, plans);
  await finishWrite(tx, tenantId, object, items, plans, results, {
    fresh: true,
    stamp,
    lost,
    stage: (kept) => stageInserts(tenantId, object, ownerId, kept, stamp),
    events: (written) =>
      written.map(({ record }) => ({ event: "record.created", objectApiName: object.apiName, recordId: record.id, data: record })),
  });
  await openEntering(tx, { tenantId, object, written: written(items, results, () => null), requestedBy: ownerId, stamp });
  return results;
}

/** A stored record's values as conditions see them: its fields and the system keys the API adds. */
const storedValues = (r: StoredRecord): Record<string, unknown> => ({
  ...r.data,
  id: r.id,
  owner_id: r.ownerId,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The items written, with the values they had before (for the approval condition's "entering"). */
function written<T extends Pending>(items: T[], results: ItemResult[], before: (item: T) => Record<string, unknown> | null) {
  return items.flatMap((item) => {
    const r = results[item.index];
    return r?.ok ? [{ before: before(item), record: r.record }] : [];
  });
}

/**
 * A write's change stamp, and the first round of its unique claims (settleClaims) in the same
 * message, after it: neither needs the other's answer. `after`: the latest updated_at of the rows
 * the write replaces.
 */
async function stampAndClaim(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  plans: ClaimPlan[],
  after?: Date,
): Promise<{ stamp: Date; lost: UniqueClaim[] | undefined }> {
  const claims = plans.flatMap((p) => p.claim);
  if (!claims.length) return { stamp: await takeChangeStamp(tx, tenantId, object.schemaVersion, after), lost: undefined };
  const releases = plans.flatMap((p) => p.release);
  const [stampRows, won] = await queryTogether(tx, [changeStampQuery(tenantId, after), claimStatement(tenantId, claims, releases)]);
  return { stamp: stampOf(stampRows!, object.schemaVersion), lost: lostClaims(claims, won!) };
}

/**
 * The common end of a batch write: items whose unique claims failed get their error, the others
 * are answered in request order and stored with their events in one statement (after the stage's
 * prelude, if any). The answers are computed from the rows as staged, which are exactly what the
 * statement writes.
 */
async function finishWrite<T extends Pending>(
  tx: SqlTx,
  tenantId: string,
  object: ObjectSchema,
  items: T[],
  plans: ClaimPlan[],
  results: ItemResult[],
  write: {
    fresh: boolean;
    stamp: Date;
    /** The claims stampAndClaim's first round lost (undefined: none was run). */
    lost: UniqueClaim[] | undefined;
    stage: (kept: T[]) => StagedWrite;
    events: (written: { item: T; record: ApiRecord }[]) => NewEvent[];
  },
): Promise<void> {
  const failed = await settleClaims(tx, tenantId, plans, write.lost);
  const kept = items.filter((i) => {
    const c = failed.get(i.id);
    if (c) results[i.index] = { ok: false, error: taken(c) };
    return !c;
  });
  const staged = write.stage(kept);
  if (staged.prelude) await tx.$executeRaw(staged.prelude);
  const records = await toApiRecords(tx, tenantId, object, staged.stored, { fresh: write.fresh });
  kept.forEach((i, k) => (results[i.index] = { ok: true, record: records[k]! }));
  const written = kept.map((item, k) => ({ item, record: records[k]! }));
  const statement = oneStatement([...staged.statements, eventsInsert(tenantId, write.events(written), write.stamp)]);
  // Nothing after it needs its answer: it may travel with the COMMIT (or the next statement).
  if (statement) await executeLater(tx, statement);
}

export interface RecordUpdate {
  id: unknown;
  patch: unknown;
}

export interface UpdateRecordsOptions {
  /** Who makes the change: its user is the requester of any approval request it opens. */
  actor: Actor;
  object: ObjectSchema;
  updates: RecordUpdate[];
  /**
   * The server keeping a record true to a fact the person decided, whatever is pending (an
   * unsubscribe's opt-out): approval locks do not apply.
   */
  system?: boolean;
}

/**
 * Partial updates with per-item results: only the sent fields change; one event per record, whose
 * changes compare with the rows as locked here before the write.
 */
export async function updateRecords(tx: SqlTx, { actor, object, updates, system = false }: UpdateRecordsOptions): Promise<ItemResult[]> {
  const { tenantId, userId: actorId } = actor;
  const results: ItemResult[] = new Array(updates.length);
  const ids = updates.map((u) => (typeof u.id === "string" && isUuid(u.id) ? u.id.toLowerCase() : null));
  const existing = new Map(
    (
      await findRecords(
        tx,
        tenantId,
        object.id,
        ids.filter((i): i is string => !!i),
        { lock: true },
      )
    ).map((r) => [r.id, r]),
  );
  const seen = new Set<string>();
  const valid: (Pending & { changed: Set<string> })[] = [];
  updates.forEach((u, index) => {
    const id = ids[index];
    const current = id ? existing.get(id) : undefined;
    if (typeof u.id !== "string")
      return void (results[index] = { ok: false, error: invalid("id: is required", [{ path: "id", message: "is required" }]) });
    if (!id || !current) return void (results[index] = { ok: false, error: notFound(`Record '${u.id}'`) });
    if (seen.has(id)) return void (results[index] = { ok: false, error: invalid(`id: '${id}' appears more than once in this request`) });
    seen.add(id);
    const r = validateRecordInput(object.fields, u.patch, "update");
    if (!r.ok) return void (results[index] = { ok: false, error: invalid(formatValueErrors(r.errors), r.errors) });
    valid.push({ index, id, data: { ...current.data, ...r.data }, lookups: r.lookups, changed: new Set(Object.keys(r.data)) });
  });
  // Records under a pending approval request refuse changes to what it locks (objects with a process only).
  const lockedIds = object.approval && !system ? valid.map((v) => v.id) : [];
  const locks: Map<string, PendingLock> = lockedIds.length ? await pendingLocks(tx, tenantId, lockedIds) : new Map();
  const unlocked = valid.filter((item) => {
    const before = existing.get(item.id)!.data;
    const changing = [...item.changed].filter(
      (f) => JSON.stringify(ownValue(before, f) ?? null) !== JSON.stringify(ownValue(item.data, f) ?? null),
    );
    const refused = lockRefusal(locks.get(item.id), changing);
    if (refused) results[item.index] = { ok: false, error: refused };
    return !refused;
  });
  const items = await checkItems(tx, actor, unlocked, results);
  if (!items.length) return results;

  const replaced = Math.max(...items.map((i) => existing.get(i.id)!.updatedAt.getTime()));
  // Unique values of the changed fields: take the new ones, give up the old ones.
  const same = (a: UniqueClaim, b: UniqueClaim) => a.fieldId === b.fieldId && a.value === b.value;
  const plans = items.map((i) => {
    const before = uniqueClaims(object, i.id, existing.get(i.id)!.data, i.changed);
    const after = uniqueClaims(object, i.id, i.data, i.changed);
    return {
      recordId: i.id,
      claim: after.filter((c) => !before.some((b) => same(b, c))),
      release: before.filter((b) => !after.some((c) => same(b, c))),
    };
  });
  const { stamp, lost } = await stampAndClaim(tx, tenantId, object, plans, new Date(replaced));
  await finishWrite(tx, tenantId, object, items, plans, results, {
    fresh: false,
    stamp,
    lost,
    stage: (kept) =>
      stageUpdates(
        tenantId,
        object,
        kept.map((i) => ({ current: existing.get(i.id)!, data: i.data, changed: i.changed })),
        stamp,
      ),
    events: (written) =>
      written.map(({ item, record }) => ({
        event: "record.updated",
        objectApiName: object.apiName,
        recordId: record.id,
        data: record,
        changes: recordChanges(object, existing.get(item.id)!, record),
      })),
  });
  const fresh = items.filter((i) => !locks.has(i.id));
  await openEntering(tx, {
    tenantId,
    object,
    written: written(fresh, results, (i) => storedValues(existing.get(i.id)!)),
    requestedBy: actorId,
    stamp,
  });
  return results;
}

/** Soft delete: the record moves to the trash and gives up its unique values. */
export async function trashRecord(tx: SqlTx, tenantId: string, object: ObjectSchema, id: string): Promise<void> {
  const record = await findRecord(tx, { tenantId, objectId: object.id, id, what: "Record", lock: true });
  // A record waiting for an approval decision stays where its approvers will look for it.
  const pending = object.approval ? (await pendingLocks(tx, tenantId, [record.id])).get(record.id) : undefined;
  if (pending) throw invalid(`The record has a pending approval request (${pending.id}): it can be trashed once that is decided`);
  const stamp = await takeChangeStamp(tx, tenantId, object.schemaVersion);
  await releaseUniques(tx, tenantId, [record.id]);
  await setTrashed(tx, { tenantId, objectId: object.id, record, trashed: true, stamp });
}

/** Back from the trash, if its unique values are still free; counts as an update. */
export async function untrashRecord(tx: SqlTx, tenantId: string, object: ObjectSchema, id: string): Promise<ApiRecord> {
  const record = await findRecord(tx, { tenantId, objectId: object.id, id, what: "Trashed record", trashed: true, lock: true });
  const stamp = await takeChangeStamp(tx, tenantId, object.schemaVersion, record.updatedAt);
  const [lost] = await claimUniques(tx, tenantId, uniqueClaims(object, record.id, record.data));
  if (lost) throw taken(lost);
  const restored = await setTrashed(tx, { tenantId, objectId: object.id, record, trashed: false, stamp });
  const [api] = await toApiRecords(tx, tenantId, object, [restored!]);
  // No field value changes on the way back, so changes comes out empty (the trash is no field).
  await writeEvents(
    tx,
    tenantId,
    [
      {
        event: "record.updated",
        objectApiName: object.apiName,
        recordId: api!.id,
        data: api!,
        changes: recordChanges(object, record, api!),
      },
    ],
    stamp,
  );
  return api!;
}
