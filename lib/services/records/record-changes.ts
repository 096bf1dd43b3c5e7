import { isDeepStrictEqual } from "node:util";
import type { RecordChanges } from "@/lib/services/events/payloads.ts";
import { storedFields, type ObjectSchema } from "./object-schema.ts";
import type { StoredRecord } from "./record-store.ts";
import { apiValue, type ApiRecord } from "./serialize.ts";
import { ownValue } from "@/lib/schemas/names.ts";

/**
 * The `changes` of a record.updated event: each stored field whose value, in the API's format,
 * differs between the row as read (and locked) before the write and the record after it. Both
 * sides go through the same formatting, so a value sent again as it is stored (or an empty field
 * set to null) is no change. Formula and rollup fields are left out: computed on read, they also
 * change without any write to the record, so listing them here would suggest more than it says.
 */
export function recordChanges(object: ObjectSchema, before: StoredRecord, after: ApiRecord): RecordChanges {
  const changes: RecordChanges = {};
  for (const field of storedFields(object)) {
    const from = apiValue(field, ownValue(before.data, field.apiName));
    const to = ownValue(after, field.apiName) ?? null;
    if (!isDeepStrictEqual(from, to)) changes[field.apiName] = { from, to };
  }
  return changes;
}
