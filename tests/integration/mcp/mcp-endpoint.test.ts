/**
 * /api/mcp at the HTTP level: the 401 challenge that lets OAuth clients find the authorization
 * server, 405 for the methods a stateless server does not serve, the Origin check, both protocol
 * eras negotiated, and an OAuth access token acting within its scopes.
 */
import { describe, expect, it } from "vitest";
import { GET as metadataRoute } from "@/app/.well-known/oauth-protected-resource/[[...resource]]/route.ts";
import { createTestKey, createTestTenant, revokeTestKey, setUserActive } from "../../helpers/fixtures.ts";
import { MCP_URL, mcpClient, mcpFetch, resultText, toolErrorText } from "../../helpers/mcp.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { RecordsApi } from "../records/helpers.ts";

const listTools = (headers: Record<string, string>) =>
  mcpFetch(MCP_URL, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    }),
  });

describe("/api/mcp", () => {
  it("answers 401 with a Bearer challenge naming the protected-resource metadata, for every bad credential", async () => {
    const t = await createTestTenant("mcp-401");
    const revoked = await createTestKey(t);
    await revokeTestKey(t, revoked.id);
    const inactive = await createTestKey(t, { role: "member" });
    await setUserActive(t, "member", false);
    const good = (await createTestKey(t)).secret;
    const tampered = good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA");
    for (const [label, headers, error] of [
      ["none", {}, ""],
      ["malformed", { authorization: "Bearer nope" }, ', error="invalid_token"'],
      ["tampered", { authorization: `Bearer ${tampered}` }, ', error="invalid_token"'],
      ["revoked", { authorization: `Bearer ${revoked.secret}` }, ', error="invalid_token"'],
      ["deactivated creator", { authorization: `Bearer ${inactive.secret}` }, ', error="invalid_token"'],
    ] as const) {
      const res = await listTools(headers);
      expect(res.status, label).toBe(401);
      expect(res.headers.get("www-authenticate"), label).toBe(
        `Bearer realm="mcp", resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/api/mcp"${error}`,
      );
    }
    expect((await listTools({ authorization: `Bearer ${good}` })).status).toBe(200);
  });

  it("publishes RFC 9728 metadata for the MCP resource at the URL the challenge names", async () => {
    const res = await metadataRoute(new Request("http://localhost:3000/.well-known/oauth-protected-resource/api/mcp"), {
      params: Promise.resolve({ resource: ["api", "mcp"] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      resource: "http://localhost:3000/api/mcp",
      authorization_servers: ["http://localhost:3000"],
      bearer_methods_supported: ["header"],
    });
  });

  it("refuses JSON-RPC batches, and carries the rate-limit headers of the call it answered", async () => {
    const t = await createTestTenant("mcp-batch");
    const auth = { authorization: `Bearer ${(await createTestKey(t, { rateLimit: 50 })).secret}` };
    const init = {
      jsonrpc: "2.0",
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const batch = await mcpFetch(MCP_URL, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify([
        { ...init, id: 1 },
        { ...init, id: 2 },
      ]),
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { code: -32600 } });
    const single = await listTools(auth);
    expect(single.status).toBe(200);
    expect(single.headers.get("x-ratelimit-limit")).toBe("50");
  });

  it("answers a CORS preflight only for allowed browser origins", async () => {
    process.env.MCP_ALLOWED_ORIGINS = "http://127.0.0.1:6274";
    try {
      const preflight = (origin: string) =>
        mcpFetch(MCP_URL, {
          method: "OPTIONS",
          headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, mcp-method" },
        });
      const ok = await preflight("http://127.0.0.1:6274");
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:6274");
      expect(ok.headers.get("access-control-allow-headers")).toContain("Mcp-Method");
      const refused = await preflight("https://evil.example");
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: "Origin not allowed" } });
    } finally {
      delete process.env.MCP_ALLOWED_ORIGINS;
    }
  });

  it("refuses unknown tool arguments instead of ignoring them, and leaves value checks to the operation", async () => {
    const t = await createTestTenant("mcp-strict");
    const key = (await createTestKey(t)).secret;
    const mcp = await mcpClient("v2-modern", key);
    const unknown = await mcp.callTool({ name: "list_records", arguments: { object: "contact", filter: "last_name:eq:x" } });
    expect(unknown.isError).toBe(true);
    expect(resultText(unknown)).toContain("filter");
    const fractional = await mcp.callTool({ name: "list_records", arguments: { object: "contact", limit: 1.5 } });
    expect(resultText(fractional)).toBe(toolErrorText(await new RecordsApi(key, "contact").list({ limit: "1.5" })));
    const details = JSON.parse((fractional.content[1] as { text: string }).text) as { code: string; error: string };
    expect(details).toMatchObject({ code: "invalid_request", error: resultText(fractional), requestId: expect.any(String) });
    await mcp.close();
  });

  it("keeps JSON-RPC errors for protocol faults: an unknown tool", async () => {
    const t = await createTestTenant("mcp-unknown-tool");
    const mcp = await mcpClient("v2-modern", (await createTestKey(t)).secret);
    await expect(mcp.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await mcp.close();
  });

  it("answers GET and DELETE with 405 and refuses a foreign Origin with 403", async () => {
    const t = await createTestTenant("mcp-405");
    const auth = { authorization: `Bearer ${(await createTestKey(t)).secret}` };
    for (const method of ["GET", "DELETE"]) {
      const res = await mcpFetch(MCP_URL, { method, headers: auth });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
    expect((await listTools({ ...auth, origin: "https://evil.example" })).status).toBe(403);
    expect((await listTools({ ...auth, origin: "http://localhost:3000" })).status).toBe(200);
  });

  it("speaks 2026-07-28 with a modern client and 2025-11-25 with a legacy one", async () => {
    const t = await createTestTenant("mcp-eras");
    const key = (await createTestKey(t)).secret;
    const modern = (await mcpClient("v2-modern", key)) as unknown as { getNegotiatedProtocolVersion(): string; close(): Promise<void> };
    const legacy = (await mcpClient("v2-legacy", key)) as unknown as { getNegotiatedProtocolVersion(): string; close(): Promise<void> };
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(legacy.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await Promise.all([modern.close(), legacy.close()]);
  });

  it("lets an OAuth access token with records:read:contact read contacts and nothing else", async () => {
    const t = await createTestTenant("mcp-oauth");
    const contact = await new RecordsApi((await createTestKey(t)).secret, "contact").mustCreate({ last_name: "Visible" });
    const app = await createPublishedApp(["records:read:contact", "records:read", "records:write", "objects:read"]);
    const tokens = await mustExchange(app, await approvedCode(t, app, ["records:read:contact"]));
    const mcp = await mcpClient("v2-modern", tokens.access_token);
    const got = await mcp.callTool({ name: "get_record", arguments: { object: "contact", id: contact.id } });
    expect(got.structuredContent).toMatchObject({ id: contact.id, last_name: "Visible" });
    expect((await mcp.callTool({ name: "list_records", arguments: { object: "contact" } })).structuredContent).toMatchObject({ total: 1 });
    for (const [name, args] of [
      ["list_records", { object: "company" }],
      ["create_record", { object: "contact", values: { last_name: "Nope" } }],
      ["delete_record", { object: "contact", id: contact.id }],
      ["list_objects", {}],
    ] as const) {
      const r = await mcp.callTool({ name, arguments: args });
      expect(r.isError, `${name}: ${resultText(r)}`).toBe(true);
    }
    await mcp.close();
  });
});
