/**
 * OAuth test helpers: published apps, approved authorization requests (the consent screen's
 * effect: a grant and a code), and calls to the token and revocation endpoints in-process.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { revokeEndpoint, tokenEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { s256 } from "@/lib/oauth/pkce.ts";
import { oauthAppInputSchema } from "@/lib/schemas/oauth-apps.ts";
import { issueCode } from "@/lib/services/oauth/codes.ts";
import { recordConsent } from "@/lib/services/oauth/grants.ts";
import { publishWithNewSecret, insertOAuthApp } from "@/lib/services/oauth/app-registration.ts";
import type { TokenResponse } from "@/lib/services/oauth/tokens.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";

export const REDIRECT = "https://app.example.com/callback";

export interface TestApp {
  id: string;
  clientId: string;
  clientSecret: string;
}

export async function createPublishedApp(scopes: string[] = ["records:read", "records:write", "objects:read"]): Promise<TestApp> {
  const input = oauthAppInputSchema.parse({
    name: `App ${randomBytes(3).toString("hex")}`,
    redirectUris: [REDIRECT, "http://127.0.0.1:8765/cb"],
    scopes,
  });
  return withPlatformSql(async (tx) => {
    const { id } = await insertOAuthApp(tx, input);
    return { id, ...(await publishWithNewSecret(tx, id)) };
  });
}

export const newVerifier = (): string => randomBytes(32).toString("base64url");

/** What approving the consent screen yields: a grant of `scopes` and a code for it. */
export async function approvedCode(
  t: TestTenant,
  app: TestApp,
  scopes: string[],
  o: { verifier?: string; redirectUri?: string; user?: keyof TestTenant["users"]; now?: Date } = {},
): Promise<{ code: string; verifier: string }> {
  const verifier = o.verifier ?? newVerifier();
  const userId = t.users[o.user ?? "admin"];
  const code = await withTenantSql(t.tenantId, async (tx) => {
    const grantId = await recordConsent(tx, { tenantId: t.tenantId, userId, appId: app.id, scopes });
    return issueCode(
      tx,
      t.tenantId,
      { appId: app.id, userId, grantId, redirectUri: o.redirectUri ?? REDIRECT, scopes, codeChallenge: s256(verifier) },
      o.now,
    );
  });
  return { code, verifier };
}

export interface OAuthCall {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
}

async function post(
  handler: (req: Request) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<OAuthCall> {
  const res = await handler(
    new Request(`http://localhost/api/oauth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** POST /api/oauth/token with client_secret_post (or `basic` to send the credentials in the header). */
export function token(
  app: TestApp,
  params: Record<string, string>,
  o: { basic?: boolean; headers?: Record<string, string> } = {},
): Promise<OAuthCall> {
  if (o.basic) {
    const basic = Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`).toString("base64");
    return post(tokenEndpoint, "token", params, { authorization: `Basic ${basic}`, ...o.headers });
  }
  return post(tokenEndpoint, "token", { client_id: app.clientId, client_secret: app.clientSecret, ...params }, o.headers);
}

export function revoke(app: TestApp, params: Record<string, string>): Promise<OAuthCall> {
  return post(revokeEndpoint, "revoke", { client_id: app.clientId, client_secret: app.clientSecret, ...params });
}

/** Exchanges an approved code and insists on success. */
export async function mustExchange(app: TestApp, c: { code: string; verifier: string }): Promise<TokenResponse> {
  const res = await token(app, { grant_type: "authorization_code", code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as TokenResponse;
}

export function expectOAuthError(res: OAuthCall, status: number, error: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error });
  expect(typeof res.body?.error_description).toBe("string");
  expect(res.headers.get("cache-control")).toBe("no-store");
}
