import { randomBytes } from "node:crypto";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { provisionTenant } from "@/lib/services/tenants/provision-tenant.ts";

export const TEST_PASSWORD = "correct horse battery staple";
let passwordHash: Promise<string> | undefined;

export interface TestTenant {
  tenantId: string;
  roles: Record<string, string>;
  users: { admin: string; member: string; read_only: string };
  emails: { admin: string; member: string; read_only: string };
}

/** A fresh tenant with built-in objects and one user per built-in role. */
export async function createTestTenant(label = "t"): Promise<TestTenant> {
  const slug = `${label}-${randomBytes(5).toString("hex")}`;
  const { tenantId, roles } = await provisionTenant({ name: `Tenant ${slug}`, slug });
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const users = {} as TestTenant["users"];
  const emails = {} as TestTenant["emails"];
  await withTenantSql(tenantId, async (tx) => {
    for (const role of ["admin", "member", "read_only"] as const) {
      const email = `${role}@${slug}.test`;
      const [user] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id)
        VALUES (${tenantId}::uuid, gen_random_uuid(), ${email}, ${`${role} user`}, ${hash}, ${roles[role]!}::uuid)
        RETURNING id::text`;
      users[role] = user!.id;
      emails[role] = email;
    }
  });
  return { tenantId, roles, users, emails };
}

export interface KeyOptions {
  role?: keyof TestTenant["users"];
  readOnly?: boolean;
  allowedObjects?: string[];
  allowDelete?: boolean;
  rateLimit?: number;
}

/** Inserts a key directly (the settings flow has its own tests); returns the secret and id. */
export async function createTestKey(t: TestTenant, o: KeyOptions = {}): Promise<{ secret: string; id: string }> {
  const key = generateApiKey(t.tenantId);
  await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$executeRaw`
      INSERT INTO api_key (tenant_id, id, name, prefix, secret_hash, created_by_id, read_only, allowed_objects, allow_delete, rate_limit)
      VALUES (${t.tenantId}::uuid, ${key.id}::uuid, ${`key ${key.prefix}`}, ${key.prefix}, ${key.secretHash}, ${t.users[o.role ?? "admin"]}::uuid,
              ${o.readOnly ?? false}::boolean, ${o.allowedObjects ?? []}::text[], ${o.allowDelete ?? false}::boolean, ${o.rateLimit ?? 120}::int)`,
  );
  return { secret: key.secret, id: key.id };
}

export async function revokeTestKey(t: TestTenant, id: string): Promise<void> {
  const updated = await withTenantSql(
    t.tenantId,
    async (tx) => await tx.$executeRaw`UPDATE api_key SET revoked_at = now() WHERE tenant_id = ${t.tenantId}::uuid AND id = ${id}::uuid`,
  );
  if (updated !== 1) throw new Error(`revokeTestKey: no key ${id}`);
}

/** Makes the tenant's admin a platform admin (registers and publishes apps). */
export async function makePlatformAdmin(t: TestTenant): Promise<void> {
  const updated = await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$executeRaw`UPDATE app_user SET platform_admin = true WHERE tenant_id = ${t.tenantId}::uuid AND id = ${t.users.admin}::uuid`,
  );
  if (updated !== 1) throw new Error("makePlatformAdmin: no admin user");
}

export async function setUserActive(t: TestTenant, role: keyof TestTenant["users"], active: boolean): Promise<void> {
  const updated = await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$executeRaw`UPDATE app_user SET active = ${active}::boolean WHERE tenant_id = ${t.tenantId}::uuid AND id = ${t.users[role]}::uuid`,
  );
  if (updated !== 1) throw new Error(`setUserActive: no ${role} user`);
}

export async function denyRole(
  t: TestTenant,
  role: keyof TestTenant["users"],
  objectApiName: string,
  grant: { read: boolean; create: boolean; update: boolean; delete: boolean },
) {
  await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$executeRaw`
      INSERT INTO role_permission (tenant_id, role_id, object_api_name, can_read, can_create, can_update, can_delete)
      VALUES (${t.tenantId}::uuid, ${t.roles[role]!}::uuid, ${objectApiName}, ${grant.read}::boolean, ${grant.create}::boolean,
              ${grant.update}::boolean, ${grant.delete}::boolean)
      ON CONFLICT (tenant_id, role_id, object_api_name) DO UPDATE
        SET can_read = EXCLUDED.can_read, can_create = EXCLUDED.can_create, can_update = EXCLUDED.can_update, can_delete = EXCLUDED.can_delete`,
  );
}

/** Undoes denyRole: the role's own defaults apply to the object again. */
export async function resetRole(t: TestTenant, role: keyof TestTenant["users"], objectApiName: string): Promise<void> {
  await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$executeRaw`
      DELETE FROM role_permission
      WHERE tenant_id = ${t.tenantId}::uuid AND role_id = ${t.roles[role]!}::uuid AND object_api_name = ${objectApiName}`,
  );
}
