import { randomUUID } from "node:crypto";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { BUILTIN_OBJECTS } from "@/lib/services/objects/builtin-objects.ts";
import { fieldConfigFor, type SchemaView } from "@/lib/services/objects/field-rules.ts";
import { BLUEPRINT_VERSION, upgradeTenantBlueprint } from "./blueprint.ts";
import { BUILTIN_ROLES } from "./builtin-roles.ts";

/** The built-in objects as a schema, so their fields pass the same rules as custom ones. */
function blueprintSchemaView(): SchemaView {
  const byName = new Map(
    BUILTIN_OBJECTS.map((o) => [o.apiName, new Map(o.fields.map((f) => [f.apiName, { type: f.type, targetObject: f.targetObject }]))]),
  );
  return { objectExists: (n) => byName.has(n), fieldsOf: (n) => byName.get(n) ?? new Map() };
}

async function createBuiltinRoles(tx: SqlTx, tenantId: string): Promise<Record<string, string>> {
  const roles = BUILTIN_ROLES.map((r) => ({
    id: randomUUID(),
    key: r.key,
    name: r.name,
    default_read: r.defaultRead,
    default_create: r.defaultCreate,
    default_update: r.defaultUpdate,
    default_delete: r.defaultDelete,
  }));
  await tx.$executeRaw`
    INSERT INTO role (tenant_id, id, key, name, default_read, default_create, default_update, default_delete)
    SELECT ${tenantId}::uuid, r.id, r.key, r.name, r.default_read, r.default_create, r.default_update, r.default_delete
    FROM jsonb_to_recordset(${JSON.stringify(roles)}::jsonb)
      AS r(id uuid, key text, name text, default_read boolean, default_create boolean, default_update boolean, default_delete boolean)`;
  return Object.fromEntries(roles.map((r) => [r.key, r.id]));
}

async function createBuiltinObjects(tx: SqlTx, tenantId: string): Promise<void> {
  const view = blueprintSchemaView();
  const objects = BUILTIN_OBJECTS.map((o) => ({ ...o, id: randomUUID() }));
  await tx.$executeRaw`
    INSERT INTO object_def (tenant_id, id, api_name, label, plural_label, description, custom)
    SELECT ${tenantId}::uuid, o.id, o.api_name, o.label, o.plural_label, o.description, false
    FROM jsonb_to_recordset(${JSON.stringify(
      objects.map((o) => ({ id: o.id, api_name: o.apiName, label: o.label, plural_label: o.pluralLabel, description: o.description })),
    )}::jsonb) AS o(id uuid, api_name text, label text, plural_label text, description text)`;
  const fields = objects.flatMap((o) =>
    o.fields.map((raw, position) => {
      const f = fieldInputSchema.parse(raw);
      return {
        id: randomUUID(),
        object_id: o.id,
        api_name: f.apiName,
        label: f.label,
        type: f.type,
        required: f.required,
        unique: f.unique,
        position,
        config: fieldConfigFor(o.apiName, f, view),
      };
    }),
  );
  // Rows go in the order given: the slot trigger (field_def_assign_slot) gives each object's fields their slots in that order.
  await tx.$executeRaw`
    INSERT INTO field_def (tenant_id, id, object_id, api_name, label, type, required, "unique", custom, position, config)
    SELECT ${tenantId}::uuid, f.id, f.object_id, f.api_name, f.label, f.type, f.required, f."unique", false, f.position, f.config
    FROM jsonb_to_recordset(${JSON.stringify(fields)}::jsonb)
      AS f(id uuid, object_id uuid, api_name text, label text, type text, required boolean, "unique" boolean, position int, config jsonb)`;
}

export interface ProvisionedTenant {
  tenantId: string;
  roles: Record<string, string>;
}

/**
 * A new tenant with its roles and built-in objects, in one transaction: version 1 of the built-in
 * blueprint, then every later step, as an existing tenant receives them. `blueprintVersion` stops
 * earlier, to stand for a tenant created by a previous release (tests).
 */
export async function provisionTenant(input: {
  name: string;
  slug: string;
  id?: string;
  blueprintVersion?: number;
}): Promise<ProvisionedTenant> {
  const tenantId = input.id ?? randomUUID();
  return withTenantSql(tenantId, async (tx) => {
    await tx.$executeRaw`INSERT INTO tenant (id, name, slug) VALUES (${tenantId}::uuid, ${input.name}, ${input.slug})`;
    const roles = await createBuiltinRoles(tx, tenantId);
    await createBuiltinObjects(tx, tenantId);
    await upgradeTenantBlueprint(tx, tenantId, input.blueprintVersion ?? BLUEPRINT_VERSION);
    return { tenantId, roles };
  });
}
