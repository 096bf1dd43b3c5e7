import { describe, expect, it } from "vitest";
import { OAuthError, type OAuthErrorCode } from "@/lib/services/oauth/oauth-error.ts";
import { oauthErrorResponse, oauthErrorStatus } from "./oauth-response.ts";

const REFUSALS: OAuthErrorCode[] = [
  "invalid_request",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "unsupported_token_type",
];

describe("OAuth error code → HTTP status (RFC 6749 5.2)", () => {
  it("answers 401 to a client that failed to authenticate, 400 to every other refusal", () => {
    expect(oauthErrorStatus("invalid_client")).toBe(401);
    for (const code of REFUSALS) expect(oauthErrorStatus(code), code).toBe(400);
  });

  it("challenges with Basic only when the client authenticated with Basic", async () => {
    const basic = oauthErrorResponse(new OAuthError("invalid_client", "Client authentication failed"), true);
    expect([basic.status, basic.headers.get("www-authenticate")]).toEqual([401, 'Basic realm="oauth"']);
    expect(await basic.json()).toEqual({ error: "invalid_client", error_description: "Client authentication failed" });
    const inBody = oauthErrorResponse(new OAuthError("invalid_client", "Client authentication failed"), false);
    expect([inBody.status, inBody.headers.get("www-authenticate")]).toEqual([401, null]);
  });

  it("answers a refused grant 400 without a challenge and uncached", () => {
    const res = oauthErrorResponse(new OAuthError("invalid_grant", "Unknown refresh token"), true);
    expect([res.status, res.headers.get("www-authenticate"), res.headers.get("cache-control")]).toEqual([400, null, "no-store"]);
  });
});
