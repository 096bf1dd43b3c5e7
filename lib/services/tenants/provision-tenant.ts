import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/db/generated/client.ts";
import { withTenant, type Tx } from "@/lib/db/tenant.ts";
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

async function createBuiltinObjects(tx: Tx, tenantId: string): Promise<void> {
  const view = blueprintSchemaView();
  const objects = BUILTIN_OBJECTS.map((o) => ({ ...o, id: randomUUID() }));
  await tx.objectDef.createMany({
    data: objects.map((o) => ({
      tenantId,
      id: o.id,
      apiName: o.apiName,
      label: o.label,
      pluralLabel: o.pluralLabel,
      description: o.description,
      custom: false,
    })),
  });
  await tx.fieldDef.createMany({
    data: objects.flatMap((o) =>
      o.fields.map((raw, position) => {
        const f = fieldInputSchema.parse(raw);
        return {
          tenantId,
          objectId: o.id,
          apiName: f.apiName,
          label: f.label,
          type: f.type,
          required: f.required,
          unique: f.unique,
          custom: false,
          position,
          config: fieldConfigFor(o.apiName, f, view) as Prisma.InputJsonValue,
        };
      }),
    ),
  });
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
  return withTenant(tenantId, async (tx) => {
    await tx.tenant.create({ data: { id: tenantId, name: input.name, slug: input.slug } });
    const roles: Record<string, string> = {};
    for (const r of BUILTIN_ROLES) roles[r.key] = (await tx.role.create({ data: { tenantId, ...r } })).id;
    await createBuiltinObjects(tx, tenantId);
    await upgradeTenantBlueprint(tx, tenantId, input.blueprintVersion ?? BLUEPRINT_VERSION);
    return { tenantId, roles };
  });
}
