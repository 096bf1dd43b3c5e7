/**
 * MCP tools obey REST's rules by construction (they run the same operations): key scopes, delete
 * permission, the role, tenant separation and the rate-limit bucket, with REST's error messages.
 * Results and validation errors for the same input are compared per operation by the registry
 * guard tests/integration/guards/mcp-rest-parity.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { ERAS, mcpClient, resultText, toolErrorText, type McpTestClient } from "../../helpers/mcp.ts";
import { RecordsApi } from "../records/helpers.ts";

describe.each(ERAS)("MCP rules (%s client)", (era) => {
  let t: TestTenant;
  const open: McpTestClient[] = [];
  const connect = async (secret: string) => {
    const c = await mcpClient(era, secret);
    open.push(c);
    return c;
  };
  const errorOf = (r: { isError?: boolean; content: unknown[] }) => {
    expect(r.isError).toBe(true);
    return resultText(r);
  };

  beforeAll(async () => {
    t = await createTestTenant(`mcp-rules-${era}`);
  });
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it("refuses writes of a read-only key with REST's message", async () => {
    const key = (await createTestKey(t, { readOnly: true, rateLimit: 100_000 })).secret;
    const mcp = await connect(key);
    const rest = new RecordsApi(key, "contact");
    const restError = toolErrorText(await rest.create({ last_name: "Nope" }));
    expect(errorOf(await mcp.callTool({ name: "create_record", arguments: { object: "contact", values: { last_name: "Nope" } } }))).toBe(
      restError,
    );
    expect(
      errorOf(await mcp.callTool({ name: "bulk_create_records", arguments: { object: "contact", records: [{ last_name: "Nope" }] } })),
    ).toBe(restError);
    expect(restError).toContain("errors.apiKeyReadOnly");
  });

  it("hides objects outside the key's scope and refuses them with REST's message", async () => {
    const key = (await createTestKey(t, { allowedObjects: ["contact"], rateLimit: 100_000 })).secret;
    const mcp = await connect(key);
    const objects = (await mcp.callTool({ name: "list_objects", arguments: {} })).structuredContent as { data: { apiName: string }[] };
    expect(objects.data.map((o) => o.apiName)).toEqual(["contact"]);
    const restError = toolErrorText(await new RecordsApi(key, "company").list());
    expect(restError).toContain("errors.apiKeyObjectDenied");
    expect(errorOf(await mcp.callTool({ name: "list_records", arguments: { object: "company" } }))).toBe(restError);
    expect(errorOf(await mcp.callTool({ name: "describe_object", arguments: { object: "company" } }))).toContain(
      "errors.apiKeyObjectDenied",
    );
  });

  it("needs delete permission to delete, as REST does", async () => {
    const owner = new RecordsApi((await createTestKey(t, { rateLimit: 100_000 })).secret, "company");
    const record = await owner.mustCreate({ name: "Keep me" });
    const mcp = await connect((await createTestKey(t, { rateLimit: 100_000 })).secret);
    const restError = toolErrorText(await owner.remove(record.id));
    expect(restError).toContain("errors.apiKeyDeleteDenied");
    expect(errorOf(await mcp.callTool({ name: "delete_record", arguments: { object: "company", id: record.id } }))).toBe(restError);
    expect((await owner.get(record.id)).status).toBe(200);
  });

  it("follows the key creator's role, with REST's message", async () => {
    const key = (await createTestKey(t, { role: "member", rateLimit: 100_000 })).secret;
    const mcp = await connect(key);
    expect((await mcp.callTool({ name: "list_records", arguments: { object: "opportunity" } })).isError).toBeFalsy();
    await denyRole(t, "member", "opportunity", { read: false, create: false, update: false, delete: false });
    const denied = toolErrorText(await new RecordsApi(key, "opportunity").list());
    expect(denied).toContain("errors.permissionDenied");
    expect(errorOf(await mcp.callTool({ name: "list_records", arguments: { object: "opportunity" } }))).toBe(denied);
    const objects = (await mcp.callTool({ name: "list_objects", arguments: {} })).structuredContent as { data: { apiName: string }[] };
    expect(objects.data.map((o) => o.apiName)).not.toContain("opportunity");
  });

  it("shows another tenant nothing: its record ids are not found", async () => {
    const other = await createTestTenant(`mcp-rules-other-${era}`);
    const theirs = await new RecordsApi((await createTestKey(other, { rateLimit: 100_000 })).secret, "company").mustCreate({
      name: "Not yours",
    });
    const mcp = await connect((await createTestKey(t, { rateLimit: 100_000, allowDelete: true })).secret);
    for (const [name, args] of [
      ["get_record", { object: "company", id: theirs.id }],
      ["update_record", { object: "company", id: theirs.id, values: { name: "Mine" } }],
      ["delete_record", { object: "company", id: theirs.id }],
    ] as const) {
      expect(errorOf(await mcp.callTool({ name, arguments: args }))).toBe(`Record '${theirs.id}' not found`);
    }
    const listed = (await mcp.callTool({ name: "list_records", arguments: { object: "company", search: "yours" } })).structuredContent;
    expect(listed).toMatchObject({ total: 0, data: [] });
    const exported = (await mcp.callTool({ name: "export_records", arguments: { object: "company" } })).structuredContent as {
      rows: { id: string }[];
    };
    expect(exported.rows.map((r) => r.id)).not.toContain(theirs.id);
  });

  it("shares the key's rate-limit bucket with REST: 60 REST calls and 61 tool calls on a 120/min key, the last is an HTTP 429", async () => {
    const key = (await createTestKey(t, { rateLimit: 120 })).secret;
    const rest = new RecordsApi(key, "contact");
    for (let i = 0; i < 60; i++) expect((await rest.list({ limit: "1" })).status).toBe(200);
    let last: Response | undefined;
    const mcp = await mcpClient(era, key, (res) => (last = res.clone()));
    open.push(mcp);
    for (let i = 0; i < 60; i++) {
      expect((await mcp.callTool({ name: "list_records", arguments: { object: "contact", limit: 1 } })).isError).toBeFalsy();
      // Every tool call's answer carries the bucket's headers, in both protocol eras.
      expect(last!.headers.get("x-ratelimit-remaining")).toBe(String(59 - i));
    }
    expect(last!.headers.get("x-ratelimit-limit")).toBe("120");
    expect(Number(last!.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    await expect(mcp.callTool({ name: "list_records", arguments: { object: "contact", limit: 1 } })).rejects.toThrow();
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await last!.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Rate limit exceeded", data: { error: "Rate limit exceeded", code: "rate_limited" } },
    });
    expect((await rest.list({ limit: "1" })).status).toBe(429);
  });
});
