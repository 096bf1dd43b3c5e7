// Settings → Users: invite, change role, deactivate, reactivate, reset password, sign out everywhere (admins, in the browser)
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { emailSchema } from "@/lib/schemas/users.ts";
import {
  changeRole,
  deactivateUser,
  inviteUser,
  listUsers,
  mayManage,
  reactivateUser,
  reinviteUser,
  resetPasswordLink,
  signOutEverywhere,
  USER_ROLES,
  type UserManager,
} from "@/lib/services/users/users.ts";
import { defineOperation } from "../define.ts";

const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(["active", "invited", "deactivated"]),
  platformAdmin: z.boolean(),
  createdAt: z.date(),
});
const linkSchema = z.object({ url: z.string(), expiresAt: z.date(), emailed: z.boolean() });
const withLink = z.object({ user: userSchema, link: linkSchema });
const userRef = z.object({ id: z.uuid() });
const ERRORS = ["invalid_request", "not_found", "permission_denied"] as const;

/** The admin acting (assertAdmin let only sessions through): whether they are a platform admin decides whom they manage. */
const manager = (p: Principal): UserManager => ({
  id: p.userId,
  platformAdmin: p.credential.kind === "session" && p.credential.platformAdmin,
});

export const listUsersOp = defineOperation({
  name: "users.list",
  summary: "List users",
  description:
    "The company's people with their role and status (active, invited, deactivated), and whether the caller may manage each " +
    "(a platform admin is managed by platform admins only).",
  scope: "settings:manage",
  input: z.object({}),
  output: z.object({ data: z.array(userSchema.extend({ manageable: z.boolean() })) }),
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }) => ({
    data: (await listUsers(tx, principal.tenantId)).map((u) => ({ ...u, manageable: mayManage(manager(principal), u) })),
  }),
});

export const inviteUserOp = defineOperation({
  name: "users.invite",
  summary: "Invite a user",
  description: "Adds a person who joins through a one-time link (7 days), emailed when an SMTP server is configured and shown once.",
  scope: "settings:manage",
  input: z.object({ email: emailSchema, name: z.string().trim().min(1).max(120), role: z.enum(USER_ROLES) }),
  output: withLink,
  errors: ["invalid_request", "conflict", "permission_denied"],
  authorize: assertAdmin,
  run: ({ tx, principal }, input) => inviteUser(tx, principal.tenantId, principal.userId, input),
  // The link is a credential: the log says one was issued, never what it is.
  audit: (_input, { user, link }) => ({
    action: "user.invited",
    target: { type: "user", id: user.id, label: user.email },
    details: { role: user.role, emailed: link.emailed },
  }),
});

export const reinviteUserOp = defineOperation({
  name: "users.reinvite",
  summary: "Send the invitation again",
  description: "A new invitation link for someone who has not joined yet; the previous link stops working.",
  scope: "settings:manage",
  input: userRef,
  output: withLink,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => reinviteUser(tx, principal.tenantId, manager(principal), id),
  audit: (_input, { user, link }) => ({
    action: "user.invited",
    target: { type: "user", id: user.id, label: user.email },
    details: { role: user.role, emailed: link.emailed, again: true },
  }),
});

export const changeRoleOp = defineOperation({
  name: "users.changeRole",
  summary: "Change a user's role",
  description:
    "Admin, member or read-only; the last admin cannot be demoted, and a platform admin's role is changed by platform admins only.",
  scope: "settings:manage",
  input: userRef.extend({ role: z.enum(USER_ROLES) }),
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { id, role }) => (await changeRole(tx, principal.tenantId, manager(principal), id, role)).user,
  audit: ({ role }, user) => ({ action: "user.role_changed", target: { type: "user", id: user.id, label: user.email }, details: { role } }),
});

export const deactivateUserOp = defineOperation({
  name: "users.deactivate",
  summary: "Deactivate a user",
  description:
    "The user can no longer sign in, and their sessions, API keys and OAuth tokens stop working at once (sessions and OAuth tokens " +
    "for good); the last admin cannot be deactivated, nor a platform admin but by a platform admin. For someone invited who has " +
    "not joined, the invitation is withdrawn.",
  scope: "settings:manage",
  input: userRef,
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => deactivateUser(tx, principal.tenantId, manager(principal), id),
  audit: (_input, user) => ({ action: "user.deactivated", target: { type: "user", id: user.id, label: user.email } }),
});

export const reactivateUserOp = defineOperation({
  name: "users.reactivate",
  summary: "Reactivate a user",
  description: "The user can sign in again, and their API keys work again; their sessions and OAuth tokens from before do not.",
  scope: "settings:manage",
  input: userRef,
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => reactivateUser(tx, principal.tenantId, manager(principal), id),
  audit: (_input, user) => ({ action: "user.reactivated", target: { type: "user", id: user.id, label: user.email } }),
});

export const resetPasswordOp = defineOperation({
  name: "users.resetPassword",
  summary: "Reset a user's password",
  description: "A one-time link (24 hours) to choose a new password, emailed when an SMTP server is configured and shown once.",
  scope: "settings:manage",
  input: userRef,
  output: withLink,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => resetPasswordLink(tx, principal.tenantId, manager(principal), id),
  audit: (_input, { user, link }) => ({
    action: "user.password_reset",
    target: { type: "user", id: user.id, label: user.email },
    details: { emailed: link.emailed },
  }),
});

export const signOutUserOp = defineOperation({
  name: "users.signOutEverywhere",
  summary: "Sign a user out everywhere",
  description:
    "Ends every browser session of the user at once (the API reference's Try it included); their API keys and OAuth tokens stay. " +
    "A platform admin is signed out by platform admins only.",
  scope: "settings:manage",
  input: userRef,
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => signOutEverywhere(tx, principal.tenantId, manager(principal), id),
  audit: (_input, user) => ({ action: "user.signed_out_everywhere", target: { type: "user", id: user.id, label: user.email } }),
});
