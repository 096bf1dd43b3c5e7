// Settings → Users: invite, change role, deactivate, reactivate, reset password (admins, in the browser)
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import { emailSchema } from "@/lib/schemas/users.ts";
import {
  changeRole,
  deactivateUser,
  inviteUser,
  listUsers,
  reactivateUser,
  reinviteUser,
  resetPasswordLink,
  USER_ROLES,
} from "@/lib/services/users/users.ts";
import { defineSqlOperation } from "../define.ts";

const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(["active", "invited", "deactivated"]),
  createdAt: z.date(),
});
const linkSchema = z.object({ url: z.string(), expiresAt: z.date(), emailed: z.boolean() });
const withLink = z.object({ user: userSchema, link: linkSchema });
const userRef = z.object({ id: z.uuid() });
const ERRORS = ["invalid_request", "not_found", "permission_denied"] as const;

export const listUsersOp = defineSqlOperation({
  name: "users.list",
  summary: "List users",
  description: "The company's people with their role and status (active, invited, deactivated).",
  scope: "settings:manage",
  input: z.object({}),
  output: z.object({ data: z.array(userSchema) }),
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }) => ({ data: await listUsers(tx, principal.tenantId) }),
});

export const inviteUserOp = defineSqlOperation({
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

export const reinviteUserOp = defineSqlOperation({
  name: "users.reinvite",
  summary: "Send the invitation again",
  description: "A new invitation link for someone who has not joined yet; the previous link stops working.",
  scope: "settings:manage",
  input: userRef,
  output: withLink,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => reinviteUser(tx, principal.tenantId, principal.userId, id),
  audit: (_input, { user, link }) => ({
    action: "user.invited",
    target: { type: "user", id: user.id, label: user.email },
    details: { role: user.role, emailed: link.emailed, again: true },
  }),
});

export const changeRoleOp = defineSqlOperation({
  name: "users.changeRole",
  summary: "Change a user's role",
  description: "Admin, member or read-only; the last admin cannot be demoted.",
  scope: "settings:manage",
  input: userRef.extend({ role: z.enum(USER_ROLES) }),
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: async ({ tx, principal }, { id, role }) => (await changeRole(tx, principal.tenantId, id, role)).user,
  audit: ({ role }, user) => ({ action: "user.role_changed", target: { type: "user", id: user.id, label: user.email }, details: { role } }),
});

export const deactivateUserOp = defineSqlOperation({
  name: "users.deactivate",
  summary: "Deactivate a user",
  description:
    "The user can no longer sign in, and their sessions, API keys and OAuth tokens stop working at once; the last admin cannot be " +
    "deactivated. For someone invited who has not joined, the invitation is withdrawn.",
  scope: "settings:manage",
  input: userRef,
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => deactivateUser(tx, principal.tenantId, id),
  audit: (_input, user) => ({ action: "user.deactivated", target: { type: "user", id: user.id, label: user.email } }),
});

export const reactivateUserOp = defineSqlOperation({
  name: "users.reactivate",
  summary: "Reactivate a user",
  description: "The user can sign in again, and their API keys and OAuth tokens work again.",
  scope: "settings:manage",
  input: userRef,
  output: userSchema,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => reactivateUser(tx, principal.tenantId, id),
  audit: (_input, user) => ({ action: "user.reactivated", target: { type: "user", id: user.id, label: user.email } }),
});

export const resetPasswordOp = defineSqlOperation({
  name: "users.resetPassword",
  summary: "Reset a user's password",
  description: "A one-time link (24 hours) to choose a new password, emailed when an SMTP server is configured and shown once.",
  scope: "settings:manage",
  input: userRef,
  output: withLink,
  errors: [...ERRORS],
  authorize: assertAdmin,
  run: ({ tx, principal }, { id }) => resetPasswordLink(tx, principal.tenantId, principal.userId, id),
  audit: (_input, { user, link }) => ({
    action: "user.password_reset",
    target: { type: "user", id: user.id, label: user.email },
    details: { emailed: link.emailed },
  }),
});
