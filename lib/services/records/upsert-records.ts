import type { Actor } from "@/lib/auth/actor.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import { uniqueClaims } from "./index-rows.ts";
import { storedFields, type ObjectSchema } from "./object-schema.ts";
import { createRecords, lostUniqueOn, updateRecords, type ItemResult } from "./write-records.ts";

export type UpsertResult = ItemResult & { action?: "created" | "updated" };

/** The unique field an upsert matches records on, or the 400 that refuses any other name (bulk and imports alike). */
export function upsertField(object: ObjectSchema, upsertOn: string) {
  const field = storedFields(object).find((f) => f.apiName === upsertOn);
  if (!field?.unique)
    throw invalid(`upsertOn: '${upsertOn}' is not a unique field of ${object.apiName}`, [
      { path: "upsertOn", message: "must name a unique field" },
    ]);
  return field;
}

/**
 * Bulk upsert on a unique field (`POST /{object}/bulk?upsertOn=email`): each item updates the live
 * record that holds its value of that field, or creates one. Values are matched as the unique
 * index compares them (folded, like filters).
 *
 * Race-free through the unique claims themselves: the owners are read, the rest created; a create
 * that loses its claim on the field to a writer that committed meanwhile (ON CONFLICT waits for
 * it) is answered by updating that writer's record, read again. So two syncs sending the same new
 * value at once make one record and one update, never a duplicate and never a spurious error.
 */
export async function upsertRecords(
  tx: SqlTx,
  { actor, object, upsertOn, inputs }: { actor: Actor; object: ObjectSchema; upsertOn: string; inputs: unknown[] },
): Promise<UpsertResult[]> {
  const field = upsertField(object, upsertOn);
  const results: UpsertResult[] = new Array(inputs.length);
  const only = new Set([upsertOn]);
  const firstIndex = new Map<string, number>();
  const valueOf: (string | null)[] = inputs.map((input, index) => {
    const data = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
    const value = data ? (uniqueClaims(object, "", data, only)[0]?.value ?? null) : null;
    if (data && value === null)
      results[index] = {
        ok: false,
        error: invalid(`${upsertOn}: is required to upsert on it`, [{ path: upsertOn, message: "is required" }]),
      };
    else if (value !== null && firstIndex.has(value))
      results[index] = {
        ok: false,
        error: invalid(`${upsertOn}: item ${firstIndex.get(value)} of this request has the same value`, [
          { path: upsertOn, message: "appears twice in this request" },
        ]),
      };
    else if (value !== null) firstIndex.set(value, index);
    // Not an object at all: createRecords refuses it with the usual message.
    return value;
  });
  let pending = inputs.map((_, index) => index).filter((index) => !results[index]);
  for (let round = 0; round < 2 && pending.length; round++) {
    const owners = await ownersOf(
      tx,
      actor.tenantId,
      field.id,
      pending.flatMap((i) => (valueOf[i] === null ? [] : [valueOf[i]!])),
    );
    const updates = pending.filter((i) => valueOf[i] !== null && owners.has(valueOf[i]!));
    const creates = pending.filter((i) => !updates.includes(i));
    const updated = await updateRecords(tx, {
      actor,
      object,
      updates: updates.map((i) => ({ id: owners.get(valueOf[i]!)!, patch: inputs[i] })),
    });
    updates.forEach((i, k) => (results[i] = { ...updated[k]!, action: "updated" }));
    const created = await createRecords(tx, { actor, object, inputs: creates.map((i) => inputs[i]) });
    // Lost the value to a record written meanwhile: the next round updates that one instead.
    pending = [];
    creates.forEach((i, k) => {
      const r = created[k]!;
      if (round === 0 && lostUniqueOn(r, upsertOn)) pending.push(i);
      else results[i] = { ...r, action: "created" };
    });
  }
  return results;
}

/** The live records holding these values of the field (trashed records give their values up). */
async function ownersOf(tx: SqlTx, tenantId: string, fieldId: string, values: string[]): Promise<Map<string, string>> {
  if (!values.length) return new Map();
  const rows = await tx.$queryRaw<{ value: string; record_id: string }[]>`
    SELECT value, record_id::text FROM record_unique
    WHERE tenant_id = ${tenantId}::uuid AND field_id = ${fieldId}::uuid AND value = ANY(${values}::text[])`;
  return new Map(rows.map((r) => [r.value, r.record_id]));
}
