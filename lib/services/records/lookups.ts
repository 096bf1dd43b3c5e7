import type { SqlTx } from "@/lib/db/tenant.ts";
import type { LookupRef } from "./values/index.ts";

/** Which of the referenced ids are live records of the expected object in this tenant. */
export async function missingLookups(tx: SqlTx, tenantId: string, refs: LookupRef[]): Promise<Set<LookupRef>> {
  if (!refs.length) return new Set();
  const ids = [...new Set(refs.map((r) => r.id))];
  const rows = await tx.$queryRaw<{ id: string; api_name: string }[]>`
    SELECT r.id::text, o.api_name FROM record r JOIN object_def o ON o.tenant_id = r.tenant_id AND o.id = r.object_id
    WHERE r.tenant_id = ${tenantId}::uuid AND r.id = ANY(${ids}::uuid[]) AND r.deleted_at IS NULL AND o.archived_at IS NULL`;
  const found = new Map(rows.map((r) => [r.id, r.api_name]));
  return new Set(refs.filter((r) => found.get(r.id) !== r.targetObject));
}
