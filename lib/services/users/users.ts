import { endSessionsAndTokens } from "./end-sessions.ts";
import { generateTenantSecret } from "@/lib/auth/tenant-secret.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { escapeHtml } from "@/lib/services/email/compose.ts";
import { mailConfig } from "@/lib/services/email/mail-config.ts";
import { queueEmail } from "@/lib/services/email/outbox.ts";
import { isEmail } from "@/lib/services/records/values/formats.ts";

export const USER_ROLES = ["admin", "member", "read_only"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = "active" | "invited" | "deactivated";

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  status: UserStatus;
  /** Registers and publishes apps for every company: managed by platform admins only. */
  platformAdmin: boolean;
  createdAt: Date;
}

/** Who manages a user: an admin of the company, who may also be a platform admin. */
export interface UserManager {
  id: string;
  platformAdmin: boolean;
}

/** How long a one-time link works. */
export const LINK_LIFETIME_MS = { invite: 7 * 24 * 3600_000, reset: 24 * 3600_000 } as const;
export type LinkPurpose = keyof typeof LINK_LIFETIME_MS;

/** A one-time link just issued: shown to the admin once, and emailed when an SMTP server is configured. */
export interface IssuedLink {
  url: string;
  expiresAt: Date;
  /** Whether it also went to the person's inbox (queued for the SMTP server). */
  emailed: boolean;
}

const SELECT_USERS = Prisma.raw(`
  SELECT u.id::text, u.email, u.name, r.key AS role, u.platform_admin AS "platformAdmin", u.created_at AS "createdAt",
         CASE WHEN u.joined_at IS NULL THEN 'invited' WHEN u.active THEN 'active' ELSE 'deactivated' END AS status
  FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id`);

/** The company's people, by email. */
export async function listUsers(tx: SqlTx, tenantId: string): Promise<UserSummary[]> {
  return tx.$queryRaw<UserSummary[]>`${SELECT_USERS} WHERE u.tenant_id = ${tenantId}::uuid ORDER BY u.email`;
}

async function findUser(tx: SqlTx, tenantId: string, userId: string): Promise<UserSummary> {
  const [user] = await tx.$queryRaw<UserSummary[]>`${SELECT_USERS} WHERE u.tenant_id = ${tenantId}::uuid AND u.id = ${userId}::uuid`;
  if (!user) throw notFound(`User '${userId}'`);
  return user;
}

/** Whether the manager may change this user's role, access, password or sessions: never one with more power. */
export const mayManage = (manager: UserManager, user: Pick<UserSummary, "platformAdmin">): boolean =>
  !user.platformAdmin || manager.platformAdmin;

/**
 * The user, if the manager may manage them: a platform admin has powers over every company that
 * no company admin has, so only a platform admin manages one (otherwise a company admin could
 * reset the password of the platform's admin and sign in as them). The user is found first: other
 * companies' people stay not found.
 */
async function findManagedUser(tx: SqlTx, tenantId: string, manager: UserManager, userId: string): Promise<UserSummary> {
  const user = await findUser(tx, tenantId, userId);
  if (!mayManage(manager, user))
    throw new AppError(
      "permission_denied",
      `${user.email} is a platform admin: only a platform admin can change their role, access or password`,
    );
  return user;
}

/**
 * Changes to who may administer the company take this lock first, so two admins demoting or
 * deactivating each other at once cannot both pass the last-admin check.
 */
async function lockAdmins(tx: SqlTx, tenantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`tenant-admins:${tenantId}`}, 0))`;
}

async function assertAnotherAdmin(tx: SqlTx, tenantId: string, userId: string, doing: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
    WHERE u.tenant_id = ${tenantId}::uuid AND r.key = 'admin' AND u.active AND u.id <> ${userId}::uuid`;
  if (row!.n === 0)
    throw invalid(`The last admin cannot be ${doing}: make someone else an admin first`, [{ path: "user", message: "is the last admin" }]);
}

async function roleId(tx: SqlTx, tenantId: string, role: UserRole): Promise<string> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM role WHERE tenant_id = ${tenantId}::uuid AND key = ${role}`;
  if (!row) throw invalid(`role: '${role}' is not a role of this company`);
  return row.id;
}

/**
 * A new one-time link of `purpose` for the user; earlier unused links of that purpose stop working.
 * The link is emailed (outbox, 'account' mail) when an SMTP server is configured; either way it is
 * returned to show once on screen.
 */
async function issueLink(
  tx: SqlTx,
  tenantId: string,
  user: { id: string; email: string; name: string },
  purpose: LinkPurpose,
  createdById: string,
  companyName: string,
): Promise<IssuedLink> {
  await tx.$executeRaw`
    UPDATE user_link SET used_at = now() WHERE tenant_id = ${tenantId}::uuid AND user_id = ${user.id}::uuid AND purpose = ${purpose} AND used_at IS NULL`;
  const link = generateTenantSecret("userLink", tenantId);
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  await tx.$executeRaw`
    INSERT INTO user_link (tenant_id, id, user_id, purpose, secret_hash, created_by_id, expires_at)
    VALUES (${tenantId}::uuid, ${link.id}::uuid, ${user.id}::uuid, ${purpose}, ${link.secretHash}, ${createdById}::uuid, ${expiresAt})`;
  const url = `${publicBaseUrl()}/account/set-password?token=${encodeURIComponent(link.secret)}`;
  const emailed = mailConfig().smtpUrl !== null;
  if (emailed) {
    const company = escapeHtml(companyName);
    const invite = purpose === "invite";
    await queueEmail(tx, tenantId, {
      kind: "account",
      to: user.email,
      subject: invite ? `You are invited to ${companyName}'s CRM` : `Reset your password for ${companyName}'s CRM`,
      html: invite
        ? `<p>Hello ${escapeHtml(user.name)},</p><p>You are invited to ${company}'s CRM. Choose your password here (the link works once, for 7 days):</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`
        : `<p>Hello ${escapeHtml(user.name)},</p><p>Choose a new password here (the link works once, for 24 hours):</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
      unsubscribe: null,
      senderName: companyName,
      createdById,
    });
  }
  return { url, expiresAt, emailed };
}

const companyName = async (tx: SqlTx, tenantId: string): Promise<string> =>
  (await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${tenantId}::uuid`)[0]?.name ?? "the company";

/**
 * Invites a person: a user who cannot sign in until they choose a password through the one-time
 * link. Emails are unique across the service (they are the sign-in name), so one already in use
 * anywhere is refused — with the same answer whichever company uses it.
 */
export async function inviteUser(
  tx: SqlTx,
  tenantId: string,
  inviterId: string,
  input: { email: string; name: string; role: UserRole },
): Promise<{ user: UserSummary; link: IssuedLink }> {
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw invalid("email: must be a valid email address", [{ path: "email", message: "must be a valid email address" }]);
  const role = await roleId(tx, tenantId, input.role);
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id, active, joined_at)
    VALUES (${tenantId}::uuid, gen_random_uuid(), ${email}, ${input.name.trim()}, '!', ${role}::uuid, false, NULL)
    ON CONFLICT (email) DO NOTHING
    RETURNING id::text`;
  // The unique index sees every company's users, whatever row-level security lets this one read.
  if (!row) throw new AppError("conflict", `The email address ${email} is already in use`);
  const user = await findUser(tx, tenantId, row.id);
  return { user, link: await issueLink(tx, tenantId, user, "invite", inviterId, await companyName(tx, tenantId)) };
}

/** A new invitation link for someone who has not joined yet (the old one stops working). */
export async function reinviteUser(
  tx: SqlTx,
  tenantId: string,
  manager: UserManager,
  userId: string,
): Promise<{ user: UserSummary; link: IssuedLink }> {
  const user = await findManagedUser(tx, tenantId, manager, userId);
  if (user.status !== "invited") throw invalid(`${user.email} has joined already: send a password reset instead`);
  return { user, link: await issueLink(tx, tenantId, user, "invite", manager.id, await companyName(tx, tenantId)) };
}

export async function changeRole(
  tx: SqlTx,
  tenantId: string,
  manager: UserManager,
  userId: string,
  role: UserRole,
): Promise<{ user: UserSummary; from: UserRole }> {
  await lockAdmins(tx, tenantId);
  const before = await findManagedUser(tx, tenantId, manager, userId);
  if (before.role === "admin" && role !== "admin") await assertAnotherAdmin(tx, tenantId, userId, "demoted");
  await tx.$executeRaw`UPDATE app_user SET role_id = ${await roleId(tx, tenantId, role)}::uuid WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid`;
  return { user: await findUser(tx, tenantId, userId), from: before.role };
}

/**
 * Deactivates the user: from the next request on, their sessions, API keys and OAuth tokens get
 * 401 (every credential is checked against the user's `active` on each request), and they cannot
 * sign in; their unused links stop working. Their sessions end and their OAuth tokens are revoked
 * for good: reactivating gives back their API keys only (keys are managed by admins), never a
 * session or a token from before. Someone who never joined is removed instead: the invitation is
 * withdrawn (their links go with them).
 */
export async function deactivateUser(tx: SqlTx, tenantId: string, manager: UserManager, userId: string): Promise<UserSummary> {
  await lockAdmins(tx, tenantId);
  const user = await findManagedUser(tx, tenantId, manager, userId);
  if (user.status === "deactivated") return user;
  if (user.status === "invited") {
    await tx.$executeRaw`DELETE FROM app_user WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid AND joined_at IS NULL`;
    return { ...user, status: "deactivated" };
  }
  if (user.role === "admin") await assertAnotherAdmin(tx, tenantId, userId, "deactivated");
  await endSessionsAndTokens(
    tx,
    tenantId,
    userId,
    () => tx.$executeRaw`
      UPDATE app_user SET active = false, session_version = session_version + 1 WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid`,
  );
  await tx.$executeRaw`UPDATE user_link SET used_at = now() WHERE tenant_id = ${tenantId}::uuid AND user_id = ${userId}::uuid AND used_at IS NULL`;
  return findUser(tx, tenantId, userId);
}

/** The user can sign in again, and their API keys work again; sessions and OAuth tokens from before stay ended. */
export async function reactivateUser(tx: SqlTx, tenantId: string, manager: UserManager, userId: string): Promise<UserSummary> {
  const user = await findManagedUser(tx, tenantId, manager, userId);
  if (user.status === "active") return user;
  // The version rises again: a session of someone deactivated before versions existed ends too.
  await tx.$executeRaw`
    UPDATE app_user SET active = true, session_version = session_version + 1
    WHERE tenant_id = ${tenantId}::uuid AND id = ${userId}::uuid AND password_hash <> '!'`;
  const after = await findUser(tx, tenantId, userId);
  if (after.status !== "active") throw invalid(`${user.email} never chose a password: invite them again instead`);
  return after;
}

/** A password-reset link for a user who joined (shown to the admin, and emailed with SMTP). */
export async function resetPasswordLink(
  tx: SqlTx,
  tenantId: string,
  manager: UserManager,
  userId: string,
): Promise<{ user: UserSummary; link: IssuedLink }> {
  const user = await findManagedUser(tx, tenantId, manager, userId);
  if (user.status === "invited") throw invalid(`${user.email} has not joined yet: send the invitation again instead`);
  return { user, link: await issueLink(tx, tenantId, user, "reset", manager.id, await companyName(tx, tenantId)) };
}

/**
 * "Sign out everywhere": every browser session of the user (the API reference's Try it with them)
 * and every OAuth token of the apps and agents they connected end at once; the apps ask them again.
 * Their API keys stay: admins revoke those in Settings → API keys, or all at once by deactivating.
 */
export async function signOutEverywhere(tx: SqlTx, tenantId: string, manager: UserManager, userId: string): Promise<UserSummary> {
  const user = await findManagedUser(tx, tenantId, manager, userId);
  await endSessionsAndTokens(tx, tenantId, userId);
  return user;
}
