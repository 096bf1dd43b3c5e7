// Settings → Apps: the marketplace, installed apps and your OAuth tokens (people, in the browser);
// registering and publishing apps (platform admins).
import { z } from "zod";
import { assertPlatformAdmin, assertSession, isAdmin } from "@/lib/auth/access.ts";
import { oauthAppInputSchema } from "@/lib/schemas/oauth-apps.ts";
import {
  listAllApps,
  listInstalledApps,
  listPublishedApps,
  listUserTokens,
  revokeUserToken,
  uninstallApp,
} from "@/lib/services/oauth/listings.ts";
import { insertOAuthApp, publishWithNewSecret } from "@/lib/services/oauth/app-registration.ts";
import { defineOperation } from "../define.ts";

const appSummary = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  redirectUris: z.array(z.string()),
  allowedOrigins: z.array(z.string()),
  scopes: z.array(z.string()),
  published: z.boolean(),
  initiateLoginUri: z.string().nullable(),
});

export const listMarketplaceOp = defineOperation({
  name: "apps.marketplace",
  summary: "List the marketplace",
  description: "Published OAuth apps that anyone in any tenant may connect.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({ data: z.array(appSummary.omit({ clientId: true, redirectUris: true, allowedOrigins: true })) }),
  errors: ["permission_denied"],
  authorize: assertSession,
  run: async ({ tx }) => ({ data: await listPublishedApps(tx) }),
});

export const listAppsOp = defineOperation({
  name: "apps.list",
  summary: "List every app",
  description: "Every registered OAuth app, published or not (platform admins).",
  scope: "settings:platform",
  input: z.object({}),
  output: z.object({ data: z.array(appSummary) }),
  errors: ["permission_denied"],
  authorize: assertPlatformAdmin,
  run: async ({ tx }) => ({ data: await listAllApps(tx) }),
});

export const registerAppOp = defineOperation({
  name: "apps.register",
  summary: "Register an app",
  description: "Registers an OAuth app (unpublished until published).",
  scope: "settings:platform",
  input: oauthAppInputSchema,
  output: z.object({ id: z.string(), clientId: z.string() }),
  errors: ["invalid_request", "permission_denied"],
  authorize: assertPlatformAdmin,
  run: ({ tx }, input) => insertOAuthApp(tx, input),
  audit: (input, app) => ({
    action: "app.registered",
    target: { type: "app", id: app.id, label: input.name },
    details: { clientId: app.clientId, scopes: input.scopes, redirectUris: input.redirectUris },
  }),
});

export const publishAppOp = defineOperation({
  name: "apps.publish",
  summary: "Publish an app, or rotate its secret",
  description: "Publishes the app to the marketplace with a new client secret, returned once; publishing again rotates the secret.",
  scope: "settings:platform",
  input: z.object({ id: z.uuid() }),
  output: z.object({ clientId: z.string(), clientSecret: z.string(), name: z.string(), rotated: z.boolean() }),
  errors: ["not_found", "permission_denied"],
  authorize: assertPlatformAdmin,
  run: ({ tx }, { id }) => publishWithNewSecret(tx, id),
  // The new secret stays out of the log: only that there is one.
  audit: ({ id }, app) => ({
    action: app.rotated ? "app.secret_rotated" : "app.published",
    target: { type: "app", id, label: app.name },
    details: { clientId: app.clientId },
  }),
});

export const listInstalledOp = defineOperation({
  name: "apps.installed",
  summary: "List installed apps",
  description: "Apps and agent connections that people of this tenant have connected, with the scopes granted.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({
    data: z.array(
      z.object({
        grantId: z.string(),
        appId: z.string(),
        appName: z.string(),
        kind: z.enum(["app", "agent"]),
        registration: z.enum(["dynamic", "metadata_document"]).nullable(),
        clientId: z.string(),
        userId: z.string(),
        userEmail: z.string(),
        scopes: z.array(z.string()),
        grantedAt: z.date(),
      }),
    ),
  }),
  errors: ["permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }) => ({ data: await listInstalledApps(tx, principal.tenantId) }),
});

export const uninstallOp = defineOperation({
  name: "apps.uninstall",
  summary: "Uninstall an app",
  description: "Ends a grant (yours, or anyone's for an admin) and revokes every token issued under it.",
  scope: "settings:read",
  input: z.object({ grantId: z.uuid() }),
  output: z.object({ ok: z.literal(true), app: z.string(), kind: z.enum(["app", "agent"]), userEmail: z.string() }),
  errors: ["not_found", "permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }, { grantId }) => ({
    ok: true as const,
    ...(await uninstallApp(tx, principal.tenantId, { userId: principal.userId, admin: isAdmin(principal) }, grantId)),
  }),
  audit: ({ grantId }, u) => ({
    action: u.kind === "agent" ? "agent.revoked" : "app.uninstalled",
    target: { type: u.kind, id: grantId, label: u.app },
    details: { connectedBy: u.userEmail },
  }),
});

export const listTokensOp = defineOperation({
  name: "apps.tokens",
  summary: "List your OAuth tokens",
  description: "Your live OAuth access and refresh tokens (never their secrets).",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        appName: z.string(),
        kind: z.enum(["access", "refresh"]),
        scopes: z.array(z.string()),
        createdAt: z.date(),
        expiresAt: z.date(),
      }),
    ),
  }),
  errors: ["permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }) => ({ data: await listUserTokens(tx, principal.tenantId, principal.userId) }),
});

export const revokeTokenOp = defineOperation({
  name: "apps.revokeToken",
  summary: "Revoke one of your OAuth tokens",
  description: "Revokes the token and every token of its family.",
  scope: "settings:read",
  input: z.object({ id: z.uuid() }),
  output: z.object({ ok: z.literal(true), app: z.string() }),
  errors: ["not_found", "permission_denied"],
  authorize: assertSession,
  run: async ({ tx, principal }, { id }) => ({
    ok: true as const,
    ...(await revokeUserToken(tx, principal.tenantId, principal.userId, id)),
  }),
  audit: ({ id }, { app }) => ({ action: "oauth_token.revoked", target: { type: "oauth_token", id, label: app } }),
});
