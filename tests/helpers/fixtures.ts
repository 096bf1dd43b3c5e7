import { randomBytes } from "node:crypto";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { withTenant } from "@/lib/db/tenant.ts";
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
  await withTenant(tenantId, async (tx) => {
    for (const role of ["admin", "member", "read_only"] as const) {
      const email = `${role}@${slug}.test`;
      const user = await tx.user.create({ data: { tenantId, email, name: `${role} user`, passwordHash: hash, roleId: roles[role]! } });
      users[role] = user.id;
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
  await withTenant(t.tenantId, (tx) =>
    tx.apiKey.create({
      data: {
        tenantId: t.tenantId,
        id: key.id,
        name: `key ${key.prefix}`,
        prefix: key.prefix,
        secretHash: key.secretHash,
        createdById: t.users[o.role ?? "admin"],
        readOnly: o.readOnly ?? false,
        allowedObjects: o.allowedObjects ?? [],
        allowDelete: o.allowDelete ?? false,
        rateLimit: o.rateLimit ?? 120,
      },
    }),
  );
  return { secret: key.secret, id: key.id };
}

export async function revokeTestKey(t: TestTenant, id: string): Promise<void> {
  await withTenant(t.tenantId, (tx) =>
    tx.apiKey.update({ where: { tenantId_id: { tenantId: t.tenantId, id } }, data: { revokedAt: new Date() } }),
  );
}

export async function setUserActive(t: TestTenant, role: keyof TestTenant["users"], active: boolean): Promise<void> {
  await withTenant(t.tenantId, (tx) =>
    tx.user.update({ where: { tenantId_id: { tenantId: t.tenantId, id: t.users[role] } }, data: { active } }),
  );
}

export async function denyRole(
  t: TestTenant,
  role: keyof TestTenant["users"],
  objectApiName: string,
  grant: { read: boolean; create: boolean; update: boolean; delete: boolean },
) {
  await withTenant(t.tenantId, (tx) =>
    tx.rolePermission.upsert({
      where: { tenantId_roleId_objectApiName: { tenantId: t.tenantId, roleId: t.roles[role]!, objectApiName } },
      create: {
        tenantId: t.tenantId,
        roleId: t.roles[role]!,
        objectApiName,
        canRead: grant.read,
        canCreate: grant.create,
        canUpdate: grant.update,
        canDelete: grant.delete,
      },
      update: { canRead: grant.read, canCreate: grant.create, canUpdate: grant.update, canDelete: grant.delete },
    }),
  );
}

/** Undoes denyRole: the role's own defaults apply to the object again. */
export async function resetRole(t: TestTenant, role: keyof TestTenant["users"], objectApiName: string): Promise<void> {
  await withTenant(t.tenantId, (tx) =>
    tx.rolePermission.deleteMany({ where: { tenantId: t.tenantId, roleId: t.roles[role]!, objectApiName } }),
  );
}
