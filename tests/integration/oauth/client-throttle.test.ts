/**
 * Rate limits of POST /api/oauth/token and /api/oauth/revoke (lib/adapters/oauth/client-throttle.ts):
 * every answer carries the client's bucket headers (per client_id, else per address); failed
 * client authentications are throttled per client_id and per address (429 + Retry-After); the
 * limiter's own outage is a 503. Tests that exhaust buckets get a limiter of their own whose
 * clock stands still, so no window ends halfway through.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REQUESTS_PER_MINUTE, FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE } from "@/lib/adapters/oauth/client-throttle.ts";
import { revokeEndpoint, tokenEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { createMemoryRateLimiter, getRateLimiter, setRateLimiter, type RateLimiter } from "@/lib/rate-limit/index.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import {
  approvedCode,
  createPublishedApp,
  expectOAuthError,
  mustExchange,
  REDIRECT,
  revoke,
  token,
  type OAuthCall,
  type TestApp,
} from "./helpers.ts";

describe("OAuth client rate limits", () => {
  let t: TestTenant;
  let app: TestApp;
  const limiter = getRateLimiter();

  beforeAll(async () => {
    t = await createTestTenant("oauth-throttle");
    app = await createPublishedApp(["records:read"]);
  });
  afterEach(() => setRateLimiter(limiter));
  const frozenLimiter = (): RateLimiter => {
    const now = Date.now();
    const frozen = createMemoryRateLimiter({ now: () => now });
    setRateLimiter(frozen);
    return frozen;
  };

  const expectBucket = (res: OAuthCall, limit: number) => {
    expect(res.headers.get("x-ratelimit-limit"), JSON.stringify(res.body)).toBe(String(limit));
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  };

  it("puts the client's bucket headers on every answer of both endpoints, success and error", async () => {
    const c = await approvedCode(t, app, ["records:read"]);
    const exchanged = await token(app, {
      grant_type: "authorization_code",
      code: c.code,
      code_verifier: c.verifier,
      redirect_uri: REDIRECT,
    });
    expect(exchanged.status).toBe(200);
    expectBucket(exchanged, CLIENT_REQUESTS_PER_MINUTE);
    const before = Number(exchanged.headers.get("x-ratelimit-remaining"));
    const refused = await token(app, { grant_type: "refresh_token", refresh_token: "crm_rt_unknown" });
    expectOAuthError(refused, 400, "invalid_grant");
    expectBucket(refused, CLIENT_REQUESTS_PER_MINUTE);
    expect(Number(refused.headers.get("x-ratelimit-remaining"))).toBe(before - 1);
    const revoked = await revoke(app, { token: (exchanged.body as { access_token: string }).access_token });
    expect(revoked.status).toBe(200);
    expectBucket(revoked, CLIENT_REQUESTS_PER_MINUTE);
    expect(Number(revoked.headers.get("x-ratelimit-remaining"))).toBe(before - 2);
    const wrongSecret = await revoke({ ...app, clientSecret: "wrong" }, { token: "x" });
    expectOAuthError(wrongSecret, 401, "invalid_client");
    expectBucket(wrongSecret, CLIENT_REQUESTS_PER_MINUTE);
    // Without any client_id: the address's bucket, which has its own count.
    const anonymous = await tokenEndpoint(
      new Request("http://localhost/api/oauth/token", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(anonymous.status).toBe(400);
    expect(anonymous.headers.get("x-ratelimit-limit")).toBe(String(CLIENT_REQUESTS_PER_MINUTE));
    expect(Number(anonymous.headers.get("x-ratelimit-remaining"))).toBe(CLIENT_REQUESTS_PER_MINUTE - 1);
  });

  it("answers 429 with Retry-After once a client_id has failed authentication too often; its right secret still works", async () => {
    const victim = await createPublishedApp(["records:read"]);
    frozenLimiter();
    const answers: OAuthCall[] = [];
    for (let i = 0; i < 130; i++)
      answers.push(
        await token({ ...victim, clientSecret: `crm_cs_guess${i}` }, { grant_type: "refresh_token", refresh_token: "crm_rt_x" }),
      );
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE)).toEqual(
      Array(FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE).fill(401),
    );
    expect(statuses.slice(FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE)).toEqual(
      Array(130 - FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE).fill(429),
    );
    const limited = answers[FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE];
    expect(limited!.body).toMatchObject({ error: "rate_limited", error_description: expect.any(String) });
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited!.headers.get("x-ratelimit-limit")).toBe(String(FAILED_AUTHENTICATIONS_PER_CLIENT_PER_MINUTE));
    expect(limited!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited!.headers.get("cache-control")).toBe("no-store");
    // Only failures count there: whoever knows the (public) client_id cannot lock the app out.
    expect((await token(victim, { grant_type: "refresh_token", refresh_token: "crm_rt_x" })).status).toBe(400);
    await mustExchange(victim, await approvedCode(t, victim, ["records:read"]));
  });

  it("throttles failed authentications per address too, whatever client_id each names (revoke included)", async () => {
    // The address's unauthenticated bucket: 120 a minute, as on REST and MCP.
    frozenLimiter();
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++)
      statuses.push((await revoke({ clientId: `crm_app_spray${i}`, clientSecret: "x", id: "" }, { token: "x" })).status);
    expect(statuses).toEqual([...Array(120).fill(401), ...Array(10).fill(429)]);
    const res = await token(
      { clientId: "crm_app_other", clientSecret: "x", id: "" },
      { grant_type: "refresh_token", refresh_token: "crm_rt_x" },
    );
    expect([res.status, res.body?.error]).toEqual([429, "rate_limited"]);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("refuses a client over its request bucket before looking at its credentials", async () => {
    const busy = await createPublishedApp(["records:read"]);
    const frozen = frozenLimiter();
    for (let i = 0; i < CLIENT_REQUESTS_PER_MINUTE; i++) await frozen.consume(`oauth-client:${busy.clientId}`, CLIENT_REQUESTS_PER_MINUTE);
    const res = await token(busy, { grant_type: "refresh_token", refresh_token: "crm_rt_x" });
    expect([res.status, res.body?.error, res.headers.get("x-ratelimit-remaining")]).toEqual([429, "rate_limited", "0"]);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("answers 503 with Retry-After, in the OAuth error shape, when the rate limiter is unavailable", async () => {
    const refuse = async (): Promise<never> => {
      throw new AppError("rate_limiter_unavailable", undefined, undefined, { retryAfter: 7 });
    };
    const down: RateLimiter = { backend: "redis", consume: refuse, check: refuse, close: async () => {} };
    setRateLimiter(down);
    for (const handler of [tokenEndpoint, revokeEndpoint]) {
      const res = await handler(
        new Request("http://localhost/api/oauth/x", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            client_id: app.clientId,
            client_secret: app.clientSecret,
            grant_type: "refresh_token",
            refresh_token: "x",
            token: "x",
          }).toString(),
        }),
      );
      expect([res.status, res.headers.get("retry-after"), res.headers.get("cache-control")]).toEqual([503, "7", "no-store"]);
      expect(await res.json()).toMatchObject({
        error: "temporarily_unavailable",
        error_description: expect.stringContaining("Rate limiter unavailable"),
      });
    }
  });
});
