/**
 * Error bodies for people and agents: `error` keeps the spec's identifier, `message` says what
 * happened in a sentence (never about an "API key" the caller did not use), and a token refused
 * for a scope is told which one (RFC 6750 insufficient_scope), on REST and MCP alike.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { mcpClient, resultText } from "../../helpers/mcp.ts";
import { RecordsApi } from "../records/helpers.ts";
import { approvedCode, createPublishedApp, mustExchange, type TestApp } from "./helpers.ts";

const signedIn = vi.hoisted(() => ({ user: null as { userId: string; tenantId: string } | null }));
vi.mock("@/lib/adapters/next-auth/session-user.ts", () => ({ sessionUser: async () => signedIn.user }));

describe("error sentences and the missing scope", () => {
  let t: TestTenant;
  let app: TestApp;
  const tokenFor = async (scopes: string[]) => (await mustExchange(app, await approvedCode(t, app, scopes))).access_token;

  beforeAll(async () => {
    t = await createTestTenant("oauth-sentences");
    app = await createPublishedApp(["records:read", "records:write", "records:read:contact", "objects:read"]);
  });

  it("a token granted reading only: 403 errors.apiKeyReadOnly, a sentence naming records:write:contact, and the challenge", async () => {
    const res = await new RecordsApi(await tokenFor(["records:read:contact"]), "contact").create({ last_name: "Nope" });
    expect(res.status).toBe(403);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe("errors.apiKeyReadOnly");
    expect(body.message).toMatch(/^This credential may only read/);
    expect(body.message).toContain("Missing scope: records:write:contact.");
    expect(body.message).not.toMatch(/API key/);
    expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="records:write:contact"');
  });

  it("a token without the object: 403 errors.apiKeyObjectDenied naming records:read:company", async () => {
    const res = await new RecordsApi(await tokenFor(["records:read:contact"]), "company").list();
    expect([res.status, res.json().error]).toEqual([403, "errors.apiKeyObjectDenied"]);
    expect(res.json<{ message: string }>().message).toContain("records:read:company");
    expect(res.headers.get("www-authenticate")).toContain('scope="records:read:company"');
  });

  it("MCP: the tool result starts with the sentence, then the identifier", async () => {
    const client = await mcpClient("v1", await tokenFor(["records:read:contact"]));
    try {
      const r = await client.callTool({ name: "create_record", arguments: { object: "contact", values: { last_name: "Nope" } } });
      expect(r.isError).toBe(true);
      expect(resultText(r)).toMatch(
        /^This credential may only read: .* Missing scope: records:write:contact\. \(errors\.apiKeyReadOnly\)$/,
      );
    } finally {
      await client.close();
    }
  });

  it("an API key's refusal has the sentence too, and no scope challenge", async () => {
    const key = (await createTestKey(t, { readOnly: true })).secret;
    const res = await new RecordsApi(key, "contact").create({ last_name: "Nope" });
    expect(res.json()).toMatchObject({ error: "errors.apiKeyReadOnly", message: expect.stringMatching(/^This credential may only read/) });
    expect(res.headers.get("www-authenticate")).toBeNull();
    const invalid = await new RecordsApi(key, "contact").list({ limit: "0" });
    expect(invalid.json<{ error: string; message: string }>().message).toBe(invalid.json<{ error: string }>().error);
  });
});
