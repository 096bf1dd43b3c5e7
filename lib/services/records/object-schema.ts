import type { SqlTx } from "@/lib/db/tenant.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { describeField, type FieldRow } from "@/lib/services/objects/object-lookup";

/** A field as records code sees it: its description, id and record slot column (slots.ts). */
export type SchemaField = FieldDescription & { id: string; slot: string | null };

export interface ObjectSchema {
  id: string;
  apiName: string;
  label: string;
  pluralLabel: string;
  description: string;
  custom: boolean;
  fields: SchemaField[];
  /** The tenant schema version these definitions belong to, when known (writes check it). */
  schemaVersion?: number;
  /** The object's approval process (Settings → Approvals), if it has one: writes check it. */
  approval: ApprovalProcessRef | null;
}

export interface ApprovalProcessRef {
  id: string;
  name: string;
  /** List filters (`amount:gte:100000`), all of which must hold. */
  conditions: string[];
  lockMode: "fields" | "record";
  approverUserId: string | null;
  approverRole: string | null;
}

interface Row {
  id: string;
  api_name: string;
  label: string;
  plural_label: string;
  description: string;
  custom: boolean;
  fields: (FieldRow & { id: string; slot: string | null })[];
  approval: ApprovalProcessRef | null;
}

// Object definitions by (tenant, schema version, apiName). A schema change bumps the version, so a
// cached entry is never used after the change commits, on this instance or any other.
const cache = new Map<string, ObjectSchema>();
const CACHE_LIMIT = 2000;
// The id each (tenant, apiName) had when last loaded: a guess, for reads prefetched before the
// schema version is known (a stale guess only makes the prefetch go unused).
const lastIds = new Map<string, string>();

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export const cachedObjectId = (tenantId: string, apiName: string): string | undefined => lastIds.get(`${tenantId}:${apiName}`);

/** An object with its live fields: one round trip, or none when the tenant's schema version is cached. */
export async function loadObjectSchema(tx: SqlTx, tenantId: string, apiName: string, schemaVersion?: number): Promise<ObjectSchema> {
  const key = schemaVersion === undefined ? undefined : `${tenantId}:${schemaVersion}:${apiName}`;
  const hit = key && cache.get(key);
  if (hit) return hit;
  // Not a name any object can have (e.g. a NUL from the URL): not found, without asking.
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(apiName)) throw notFound(`Object '${apiName.slice(0, 64)}'`);
  const object = { ...(await queryObjectSchema(tx, tenantId, apiName)), schemaVersion };
  if (key) {
    remember(cache, key, object);
    remember(lastIds, `${tenantId}:${apiName}`, object.id);
  }
  return object;
}

async function queryObjectSchema(tx: SqlTx, tenantId: string, apiName: string): Promise<ObjectSchema> {
  const rows = await tx.$queryRaw<Row[]>`
    SELECT o.id::text, o.api_name, o.label, o.plural_label, o.description, o.custom,
      COALESCE((SELECT json_agg(json_build_object('id', f.id, 'apiName', f.api_name, 'label', f.label, 'type', f.type,
                  'required', f.required, 'unique', f."unique", 'custom', f.custom, 'config', f.config, 'slot', f.slot)
                ORDER BY f.position, f.api_name)
                FROM field_def f WHERE f.tenant_id = o.tenant_id AND f.object_id = o.id AND f.archived_at IS NULL), '[]'::json) AS fields,
      (SELECT json_build_object('id', p.id, 'name', p.name, 'conditions', p.conditions, 'lockMode', p.lock_mode,
                                'approverUserId', p.approver_user_id, 'approverRole', p.approver_role)
       FROM approval_process p WHERE p.tenant_id = o.tenant_id AND p.object_api_name = o.api_name) AS approval
    FROM object_def o
    WHERE o.tenant_id = ${tenantId}::uuid AND o.api_name = ${apiName} AND o.archived_at IS NULL`;
  const row = rows[0];
  if (!row) throw notFound(`Object '${apiName}'`);
  return {
    id: row.id,
    apiName: row.api_name,
    label: row.label,
    pluralLabel: row.plural_label,
    description: row.description,
    custom: row.custom,
    fields: row.fields.map((f) => ({ ...describeField(f), id: f.id, slot: f.slot })),
    approval: row.approval,
  };
}

/** The tenant's live objects, built-in first, then custom by name. */
export async function listObjectSummaries(tx: SqlTx, tenantId: string): Promise<{ apiName: string; label: string; custom: boolean }[]> {
  return tx.$queryRaw<{ apiName: string; label: string; custom: boolean }[]>`
    SELECT api_name AS "apiName", label, custom FROM object_def
    WHERE tenant_id = ${tenantId}::uuid AND archived_at IS NULL ORDER BY custom, api_name`;
}

/** Fields whose values are stored (and indexed); computed ones are derived on read. */
export const storedFields = (o: ObjectSchema): SchemaField[] => o.fields.filter((f) => !f.readOnly);
