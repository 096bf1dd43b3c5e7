/**
 * What anyone may ask without a credential at a cost — registering a client, making the server
 * fetch a client metadata document — spends a bucket of the peer's address and a budget of all
 * addresses (issue 33 item 9). Without TRUST_PROXY every caller used to share one bucket, so one
 * client could lock everyone out. In-process, X-Forwarded-For stands for what server.mjs and
 * Next hand the handlers as the socket's address; tests/server/mcp-oauth-hosts.test.ts registers
 * from two real loopback addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METADATA_FETCH_BUDGET, spendMetadataFetch } from "@/lib/adapters/oauth/client-throttle.ts";
import { spendOpenEndpointBudget } from "@/lib/adapters/oauth/open-endpoint-budget.ts";
import { addressBucket } from "@/lib/adapters/rest/client-ip.ts";
import { REGISTRATION_BUDGET, registerEndpoint } from "@/lib/adapters/oauth/register-endpoint.ts";
import { RateLimitedError } from "@/lib/errors/rate-limited.ts";

const request = (address: string | null, body = "") =>
  new Request("http://localhost/api/oauth/register", {
    method: "POST",
    headers: { "content-type": "application/json", ...(address ? { "x-forwarded-for": address } : {}) },
    body,
  });

const METADATA = JSON.stringify({ redirect_uris: ["http://127.0.0.1:53682/cb"], client_name: "Budget host" });

describe("budgets of the open OAuth endpoints", () => {
  const previousTrustProxy = process.env.TRUST_PROXY;
  beforeAll(() => {
    delete process.env.TRUST_PROXY;
  });
  afterAll(() => {
    process.env.TRUST_PROXY = previousTrustProxy;
  });

  it("registration: an address over its limit is refused alone, with its own bucket's headers, TRUST_PROXY or not", async () => {
    const flooder = "203.0.113.7";
    for (let i = 0; i < REGISTRATION_BUDGET.perAddress; i++) {
      const res = await registerEndpoint(request(flooder, METADATA));
      expect(res.status).toBe(201);
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(REGISTRATION_BUDGET.perAddress));
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(REGISTRATION_BUDGET.perAddress - i - 1));
    }
    const refused = await registerEndpoint(request(flooder, METADATA));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({
      error: "rate_limited",
      error_description: expect.stringMatching(/^Too many registrations/),
    });
    // Everyone else still registers; a refusal of theirs carries their bucket too.
    const other = await registerEndpoint(request("203.0.113.8", METADATA));
    expect([other.status, other.headers.get("x-ratelimit-remaining")]).toEqual([201, String(REGISTRATION_BUDGET.perAddress - 1)]);
    const invalid = await registerEndpoint(request("203.0.113.8", "{}"));
    expect([invalid.status, invalid.headers.get("x-ratelimit-remaining")]).toEqual([400, String(REGISTRATION_BUDGET.perAddress - 2)]);
  });

  it("client metadata document fetches: per address, so one address cannot use up everyone's", async () => {
    for (let i = 0; i < METADATA_FETCH_BUDGET.perAddress; i++) await spendMetadataFetch(request("198.51.100.20"));
    await expect(spendMetadataFetch(request("198.51.100.20"))).rejects.toBeInstanceOf(RateLimitedError);
    await expect(spendMetadataFetch(request("198.51.100.21"))).resolves.toBeUndefined();
  });

  it("the budget of all addresses refuses a new address once spent, and a refused address spends none of it", async () => {
    const budget = { name: "test-open-budget", perAddress: 2, all: 3 };
    const spend = async (address: string) => (await spendOpenEndpointBudget(request(address), budget)).allowed;
    expect([await spend("192.0.2.1"), await spend("192.0.2.1"), await spend("192.0.2.1")]).toEqual([true, true, false]);
    expect(await spend("192.0.2.2")).toBe(true);
    const refused = await spendOpenEndpointBudget(request("192.0.2.3"), budget);
    expect([refused.allowed, refused.limit, refused.retryAfter >= 1]).toEqual([false, 3, true]);
  });

  it("an address's bucket: IPv4 as is (IPv4-mapped too), IPv6 by its /64, one shared bucket when none is known", () => {
    expect(addressBucket("198.51.100.9")).toBe("198.51.100.9");
    expect(addressBucket("::ffff:198.51.100.9")).toBe("198.51.100.9");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(addressBucket("2001:db8:1:2::1")).not.toBe(addressBucket("2001:db8:1:3::1"));
    expect(addressBucket(null)).toBe("unknown");
  });
});
