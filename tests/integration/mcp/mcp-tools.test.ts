/**
 * The MCP server (spec 4.4) through real SDK clients of both protocol eras: the tool list, each
 * tool's happy path, and the error paths REST has, with REST's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { ERAS, mcpClient, resultText, type McpTestClient, TOOLS } from "../../helpers/mcp.ts";

describe.each(ERAS)("MCP tools (%s client)", (era) => {
  let t: TestTenant;
  let client: McpTestClient;

  beforeAll(async () => {
    t = await createTestTenant(`mcp-${era}`);
    client = await mcpClient(era, (await createTestKey(t, { rateLimit: 100_000, allowDelete: true })).secret);
  });
  afterAll(() => client.close());

  it("lists every tool (TOOLS) in a fixed order, each with a title, a description, schemas and all four annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema, tool.name).toMatchObject({ type: "object" });
      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
      expect(Object.keys(tool.annotations ?? {}), tool.name).toEqual(
        expect.arrayContaining(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint"]),
      );
    }
    expect(tools.find((tool) => tool.name === "get_record")!.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tools.find((tool) => tool.name === "delete_record")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("creates, reads, lists, updates and deletes a record", async () => {
    const created = await client.callTool({ name: "create_record", arguments: { object: "company", values: { name: `Acme ${era}` } } });
    expect(created.isError, resultText(created)).toBeFalsy();
    const record = created.structuredContent as { id: string; name: string };
    expect(record.name).toBe(`Acme ${era}`);
    expect(JSON.parse(resultText(created))).toEqual(record);

    const got = await client.callTool({ name: "get_record", arguments: { object: "company", id: record.id } });
    expect(got.structuredContent).toEqual(record);

    const listed = await client.callTool({ name: "list_records", arguments: { object: "company", search: "acme" } });
    expect(listed.structuredContent).toMatchObject({ total: 1, limit: 20, offset: 0, data: [{ id: record.id }] });

    const updated = await client.callTool({
      name: "update_record",
      arguments: { object: "company", id: record.id, values: { name: "Acme Renamed" } },
    });
    expect(updated.structuredContent).toMatchObject({ id: record.id, name: "Acme Renamed" });

    const deleted = await client.callTool({ name: "delete_record", arguments: { object: "company", id: record.id } });
    expect(deleted.structuredContent).toEqual({ id: record.id, trashed: true });
    const gone = await client.callTool({ name: "get_record", arguments: { object: "company", id: record.id } });
    expect(gone.isError).toBe(true);
    expect(resultText(gone)).toBe(`Record '${record.id}' not found`);
  });
});
