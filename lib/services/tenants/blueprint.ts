import { withPlatformSql, withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { fieldInputSchema, type FieldInput } from "@/lib/schemas/fields.ts";
import { EMAIL_OPT_OUT_FIELD } from "@/lib/services/email/opt-out-field.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";

/**
 * The built-in blueprint, versioned. Version 1 is what a tenant is provisioned with
 * (BUILTIN_OBJECTS and BUILTIN_ROLES); each later version lists what it adds. A new tenant gets
 * every version at once; a tenant created by an earlier release is brought up to date by the
 * blueprint-upgrade job (applyBlueprintToAllTenants), in its own transaction, once: tenant.blueprint_version records
 * how far it got. A step never overrides an admin: a field whose apiName the object already has
 * (the admin's own, or archived) is left as it is, and an object the admin archived gets nothing.
 */
export interface BlueprintStep {
  version: number;
  /** Said in the log when a tenant receives it. */
  summary: string;
  fields: { object: string; fields: FieldInput[] }[];
}

export const BLUEPRINT_STEPS: BlueprintStep[] = [
  {
    version: 2,
    summary: "product tax rate and term (defaults of opportunity line items)",
    fields: [
      {
        object: "product",
        fields: [
          { apiName: "tax_rate", label: "Tax rate", type: "percent" },
          { apiName: "term_months", label: "Term (months)", type: "number" },
        ],
      },
    ],
  },
  {
    version: 3,
    summary: "email opt-out of contacts and leads (unsubscribe from marketing and flow email)",
    fields: ["contact", "lead"].map((object) => ({
      object,
      fields: [{ apiName: EMAIL_OPT_OUT_FIELD, label: "Unsubscribed from email", type: "boolean" as const }],
    })),
  },
];

/** The version a tenant has once every step is applied. */
export const BLUEPRINT_VERSION = Math.max(1, ...BLUEPRINT_STEPS.map((s) => s.version));

/** What applying the steps did to one tenant. */
export interface BlueprintResult {
  from: number;
  to: number;
  /** `object.field` added, and left alone because the name was taken. */
  added: string[];
  skipped: string[];
}

/**
 * Brings one tenant from its recorded version up to `target`. The tenant row is locked first, so
 * two instances starting together apply a step once: the second finds the version already moved.
 */
export async function upgradeTenantBlueprint(tx: SqlTx, tenantId: string, target = BLUEPRINT_VERSION): Promise<BlueprintResult> {
  const [row] = await tx.$queryRaw<{ v: number }[]>`SELECT blueprint_version AS v FROM tenant WHERE id = ${tenantId}::uuid FOR UPDATE`;
  const from = row?.v ?? target;
  const result: BlueprintResult = { from, to: Math.max(from, target), added: [], skipped: [] };
  for (const step of BLUEPRINT_STEPS.filter((s) => s.version > from && s.version <= target)) {
    for (const { object, fields } of step.fields) {
      // No row: the object is archived (or gone); a row per field otherwise, archived fields included.
      const present = await tx.$queryRaw<{ api_name: string | null }[]>`
        SELECT f.api_name FROM object_def o LEFT JOIN field_def f ON f.tenant_id = o.tenant_id AND f.object_id = o.id
        WHERE o.tenant_id = ${tenantId}::uuid AND o.api_name = ${object} AND o.archived_at IS NULL`;
      const objectLive = present.length > 0;
      const taken = new Set(present.map((p) => p.api_name));
      for (const field of fields) {
        const name = `${object}.${field.apiName}`;
        if (!objectLive || taken.has(field.apiName)) {
          result.skipped.push(name);
          continue;
        }
        await insertFieldDefinition(tx, tenantId, object, fieldInputSchema.parse(field), false);
        result.added.push(name);
      }
    }
  }
  if (result.to !== from) await tx.$executeRaw`UPDATE tenant SET blueprint_version = ${result.to} WHERE id = ${tenantId}::uuid`;
  return result;
}

/** Tenants behind per pass: each is upgraded in its own short transaction. */
const PASS = 100;

/**
 * Every tenant created before the current blueprint, brought up to it (the blueprint-upgrade job
 * of every instance; safe together). Returns how many tenants were upgraded.
 */
export async function applyBlueprintToAllTenants(log: (line: string) => void = console.log, signal?: AbortSignal): Promise<number> {
  let upgraded = 0;
  for (;;) {
    signal?.throwIfAborted();
    const behind = await withPlatformSql(
      async (tx) =>
        await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM jobs_blueprint_tenants(${BLUEPRINT_VERSION}::int, ${PASS}::int) AS id`,
    );
    if (!behind.length) return upgraded;
    for (const { id } of behind) {
      const r = await withTenantSql(id, (tx) => upgradeTenantBlueprint(tx, id));
      if (r.to === r.from) continue;
      upgraded++;
      const skipped = r.skipped.length ? `; kept the tenant's own ${r.skipped.join(", ")}` : "";
      log(`Tenant ${id}: built-in blueprint ${r.from} → ${r.to} (added ${r.added.join(", ") || "nothing"}${skipped}).`);
    }
  }
}
