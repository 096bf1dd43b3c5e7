import type { SqlTx } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { uniqueClaims } from "@/lib/services/records/index-rows.ts";
import { loadObjectSchema, storedFields, type ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { readRecordPage } from "@/lib/services/records/read-records.ts";
import { recordName } from "@/lib/services/records/record-name.ts";
import { searchKey } from "@/lib/services/records/search-key.ts";
import { cellValue } from "./cell-values.ts";

/** A lookup cell's answer: the target record's id, or why none could be chosen. */
export type LookupAnswer = { id: string } | { problem: string };

/** Candidates a name search reads: names sharing a first word with many records need the unique value or the id. */
const NAME_CANDIDATES = 500;

/** The live records of `target` holding `cell` in one of its unique fields (compared folded, as the unique index does). */
async function byUniqueValue(tx: SqlTx, tenantId: string, target: ObjectSchema, cell: string): Promise<string[]> {
  const claims = storedFields(target)
    .filter((f) => f.unique)
    .flatMap((f) => uniqueClaims(target, "", { [f.apiName]: cellValue(f, cell) }, new Set([f.apiName])));
  if (!claims.length) return [];
  const rows = await tx.$queryRaw<{ record_id: string }[]>`
    SELECT DISTINCT u.record_id::text FROM record_unique u
    JOIN unnest(${claims.map((c) => c.fieldId)}::uuid[], ${claims.map((c) => c.value)}::text[]) AS c(field_id, value)
      ON u.field_id = c.field_id AND u.value = c.value
    WHERE u.tenant_id = ${tenantId}::uuid`;
  return rows.map((r) => r.record_id);
}

/** The live records of `target` whose name is `cell` (ignoring case and accents), found through name search. */
async function byName(tx: SqlTx, tenantId: string, target: ObjectSchema, cell: string): Promise<string[]> {
  const query = parseListQuery(target.fields, { limit: NAME_CANDIDATES, offset: 0, search: cell, filter: [], trashed: false });
  if (!query.searchTerms.length) return [];
  const page = await readRecordPage(tx, tenantId, target, query);
  const wanted = searchKey(cell);
  return page.data.filter((r) => searchKey(recordName(r)) === wanted).map((r) => r.id);
}

/**
 * What each distinct cell of a lookup column names: an id is taken as it is (the bulk service
 * checks it); any other text must match exactly one live record of the target object, by one of
 * its unique fields or else by its name. None or several is the row's error.
 */
export async function resolveLookupCells(
  tx: SqlTx,
  tenantId: string,
  field: { apiName: string; targetObject: string },
  cells: string[],
): Promise<Map<string, LookupAnswer>> {
  const answers = new Map<string, LookupAnswer>();
  const target = await loadObjectSchema(tx, tenantId, field.targetObject);
  for (const cell of new Set(cells.map((c) => c.trim()))) {
    if (isUuid(cell)) {
      answers.set(cell, { id: cell });
      continue;
    }
    let ids = await byUniqueValue(tx, tenantId, target, cell);
    if (!ids.length) ids = await byName(tx, tenantId, target, cell);
    if (ids.length === 1) answers.set(cell, { id: ids[0]! });
    else
      answers.set(cell, {
        problem: ids.length
          ? `'${cell}' matches ${ids.length} ${target.apiName} records; use a unique value or the record's id`
          : `no ${target.apiName} record has '${cell}' as its name or a unique value`,
      });
  }
  return answers;
}
