/**
 * MCP clients for tests, driving app/api/mcp/route.ts in-process through their transports' own
 * fetch hook: the v2 SDK client (2026-07-28, or 2025-era when asked) and the v1 SDK client
 * (2025-11-25, as desktop hosts speak it today).
 */
import { expect } from "vitest";
import { Client as V2Client, StreamableHTTPClientTransport as V2Transport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as route from "@/app/api/mcp/route.ts";

export const MCP_URL = "http://localhost:3000/api/mcp";

/** tools/list as it must read: the registry's order (objects, records, activities, line items, attachments, inventory, events…). */
export const TOOLS = [
  "list_objects",
  "describe_object",
  "list_records",
  "get_record",
  "create_record",
  "update_record",
  "delete_record",
  "restore_record",
  "bulk_create_records",
  "bulk_update_records",
  "export_records",
  "list_activities",
  "create_activity",
  "update_activity",
  "delete_activity",
  "list_line_items",
  "add_line_item",
  "update_line_item",
  "delete_line_item",
  "list_attachments",
  "create_attachment_upload_url",
  "register_attachment",
  "get_attachment",
  "delete_attachment",
  "list_inventory",
  "send_marketing_email",
  "list_events",
];

/** What a request to /api/mcp answers, without a server. */
export function mcpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const handler = { POST: route.POST, GET: route.GET, DELETE: route.DELETE, OPTIONS: route.OPTIONS }[
    req.method as "POST" | "GET" | "DELETE" | "OPTIONS"
  ];
  return handler ? Promise.resolve(handler(req)) : Promise.resolve(new Response(null, { status: 405 }));
}

export type Era = "v2-modern" | "v2-legacy" | "v1";
export const ERAS: Era[] = ["v2-modern", "v2-legacy", "v1"];

export interface McpTestClient {
  listTools(): Promise<{
    tools: {
      name: string;
      title?: string;
      description?: string;
      inputSchema: unknown;
      outputSchema?: unknown;
      annotations?: Record<string, unknown>;
    }[];
  }>;
  callTool(params: {
    name: string;
    arguments?: Record<string, unknown>;
  }): Promise<{ isError?: boolean; content: unknown[]; structuredContent?: unknown; _meta?: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A connected client of the given era, sending `Authorization: Bearer <secret>`; `onResponse` sees every HTTP answer. */
export async function mcpClient(era: Era, secret: string, onResponse?: (res: Response, req: Request) => void): Promise<McpTestClient> {
  const headers = { Authorization: `Bearer ${secret}` };
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await mcpFetch(input, init);
    onResponse?.(res, new Request(input, init));
    return res;
  };
  if (era === "v1") {
    const client = new V1Client({ name: "tests-v1", version: "1.0.0" });
    await client.connect(new V1Transport(new URL(MCP_URL), { fetch, requestInit: { headers } }));
    return client as unknown as McpTestClient;
  }
  const client = new V2Client(
    { name: "tests-v2", version: "1.0.0" },
    { versionNegotiation: { mode: era === "v2-modern" ? "auto" : "legacy" } },
  );
  await client.connect(new V2Transport(new URL(MCP_URL), { fetch, requestInit: { headers } }));
  return client as unknown as McpTestClient;
}

/** The text of a tool result's first content block. */
export const resultText = (r: { content: unknown[] }): string => (r.content[0] as { text: string }).text;

/** The first text block a failed tool call gives for the same failure as this REST answer: the sentence, then the identifier. */
export function toolErrorText(res: { json: <T>() => T }): string {
  const { error, message } = res.json<{ error: string; message: string }>();
  return message === error ? message : `${message} (${error})`;
}

export type ToolResult = Awaited<ReturnType<McpTestClient["callTool"]>>;
export type JsonSchema = {
  type?: string;
  properties?: Record<string, { default?: unknown; description?: string; anyOf?: { type?: string }[] }>;
  required?: string[];
  additionalProperties?: unknown;
};

/** The schema a top-level `$ref` names (output schemas point into their own `$defs`), else the schema itself. */
export function resolved(schema: unknown): JsonSchema {
  const s = schema as JsonSchema & { $ref?: string; $defs?: Record<string, JsonSchema> };
  return s.$ref ? s.$defs![s.$ref.replace("#/$defs/", "")]! : s;
}

/** A successful result, whose text block is exactly its structured content as JSON. */
export function ok<T>(r: ToolResult): T {
  expect(r.isError, resultText(r)).toBeFalsy();
  expect(JSON.parse(resultText(r))).toEqual(r.structuredContent);
  return r.structuredContent as T;
}

/** A tool error (a result marked isError, not a protocol error): its first text block. */
export function failed(r: ToolResult): string {
  expect(r.isError, JSON.stringify(r.content)).toBe(true);
  return resultText(r);
}

/**
 * The arguments a call must give: tools list every argument as required (the strict subset hosts
 * enforce), the optional ones nullable (null: not given).
 */
export function mustGive(input: JsonSchema): string[] {
  return Object.entries(input.properties ?? {})
    .filter(([, schema]) => !schema.anyOf?.some((branch) => branch.type === "null"))
    .map(([name]) => name);
}
