/**
 * Every tool as tools/list gives it is portable: its schemas pass the MCP Inspector's portability
 * checks (its schemaLint rules, 2.12.0: no bare boolean schema, no `type` array, no remote `$ref`,
 * no schema that constrains nothing; input and output), and its input schema is in the strict
 * function-calling subset (OpenAI strict mode's keywords and formats, every object closed, every
 * property required, optional ones nullable). Calls in that form do what REST does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTABLE_FORMATS, PORTABLE_KEYWORDS } from "@/lib/adapters/mcp/portable-schema.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failed, mcpClient, ok, type McpTestClient } from "../../helpers/mcp.ts";
import { RecordsApi } from "../records/helpers.ts";

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const MAPS = ["properties", "$defs", "patternProperties", "dependentSchemas"];
const ONE = ["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties"];
const MANY = ["anyOf", "oneOf", "allOf", "prefixItems"];
// What the Inspector counts as constraining (its CONSTRAINING_KEYWORDS, abridged to those JSON Schema has).
const CONSTRAINING = new Set([
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "items",
  "prefixItems",
  "contains",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "dependentSchemas",
  "$ref",
]);

/** Every subschema with its path. */
function* subschemas(node: unknown, path = ""): Generator<[string, unknown]> {
  yield [path, node];
  if (!isNode(node)) return;
  for (const key of MAPS)
    if (isNode(node[key])) for (const [name, sub] of Object.entries(node[key])) yield* subschemas(sub, `${path}.${key}.${name}`);
  for (const key of ONE)
    if (key in node && !(key === "additionalProperties" && typeof node[key] === "boolean")) yield* subschemas(node[key], `${path}.${key}`);
  for (const key of MANY)
    if (Array.isArray(node[key])) for (const [i, sub] of (node[key] as unknown[]).entries()) yield* subschemas(sub, `${path}.${key}[${i}]`);
}

/** The Inspector's findings for one schema. */
function inspectorFindings(schema: unknown): string[] {
  const found: string[] = [];
  for (const [path, node] of subschemas(schema)) {
    if (typeof node === "boolean") found.push(`${path}: boolean-schema`);
    if (!isNode(node)) continue;
    if (Array.isArray(node.type)) found.push(`${path}: type-union`);
    if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) found.push(`${path}: remote-ref`);
    if (!Object.keys(node).some((k) => CONSTRAINING.has(k)) && !path.endsWith(".not")) found.push(`${path}: untyped-schema`);
  }
  return found;
}

/** What the strict function-calling subset refuses in one input schema. */
function strictFindings(schema: unknown): string[] {
  const found: string[] = [];
  if (!isNode(schema) || schema.type !== "object") found.push("root: not an object");
  for (const [path, node] of subschemas(schema)) {
    if (!isNode(node)) continue;
    for (const key of Object.keys(node)) if (!PORTABLE_KEYWORDS.has(key)) found.push(`${path}: keyword ${key}`);
    if (typeof node.format === "string" && !PORTABLE_FORMATS.has(node.format)) found.push(`${path}: format ${node.format}`);
    if (node.type === "object") {
      if (node.additionalProperties !== false) found.push(`${path}: object not closed`);
      const keys = Object.keys(isNode(node.properties) ? node.properties : {});
      if (JSON.stringify([...(Array.isArray(node.required) ? node.required : [])].sort()) !== JSON.stringify([...keys].sort()))
        found.push(`${path}: required is not every property`);
    }
  }
  return found;
}

describe("portable MCP tool schemas", () => {
  let t: TestTenant;
  let key: string;
  let client: McpTestClient;
  let tools: Awaited<ReturnType<McpTestClient["listTools"]>>["tools"];

  beforeAll(async () => {
    t = await createTestTenant("portable");
    key = (await createTestKey(t, { allowDelete: true })).secret;
    client = await mcpClient("v2-modern", key);
    tools = (await client.listTools()).tools;
  });
  afterAll(() => client?.close());

  it("pass the MCP Inspector's portability checks: 0 errors, 0 warnings, inputs and outputs", () => {
    expect(tools.length).toBeGreaterThan(20);
    const findings = tools.flatMap((tool) => [
      ...inspectorFindings(tool.inputSchema).map((f) => `${tool.name} inputSchema${f}`),
      ...inspectorFindings(tool.outputSchema).map((f) => `${tool.name} outputSchema${f}`),
    ]);
    expect(findings).toEqual([]);
  });

  it("take input schemas in the strict function-calling subset: its keywords and formats, every object closed, every property required", () => {
    expect(tools.flatMap((tool) => strictFindings(tool.inputSchema).map((f) => `${tool.name}${f}`))).toEqual([]);
  });

  it("the rules find what they are for", () => {
    expect(inspectorFindings({ type: "object", properties: { a: {}, b: { type: ["string", "null"] }, c: true } })).toEqual([
      ".properties.a: untyped-schema",
      ".properties.b: type-union",
      ".properties.c: boolean-schema",
    ]);
    expect(strictFindings({ type: "object", properties: { a: { type: "string", maxLength: 3, format: "uri" } }, required: [] })).toEqual([
      ": object not closed",
      ": required is not every property",
      ".properties.a: keyword maxLength",
      ".properties.a: format uri",
    ]);
  });

  it("take calls in the portable form: values as pairs, optional arguments as null, and do what REST does", async () => {
    const pairs = [
      { field: "first_name", value: "Pat" },
      { field: "last_name", value: "Portable" },
      { field: "email", value: null },
    ];
    const created = ok<{ id: string; first_name: string; email: null }>(
      await client.callTool({ name: "create_record", arguments: { object: "contact", values: pairs } }),
    );
    expect(created).toMatchObject({ first_name: "Pat", email: null });
    const updated = ok<{ job_title: string }>(
      await client.callTool({
        name: "update_record",
        arguments: { object: "contact", id: created.id, values: [{ field: "job_title", value: "Tester" }] },
      }),
    );
    expect(updated.job_title).toBe("Tester");
    // Optional arguments sent as null are not given: the defaults apply, as if left out.
    const listed = ok<{ total: number; limit: number }>(
      await client.callTool({
        name: "list_records",
        arguments: { object: "contact", search: "Portable", limit: null, offset: null, order: null, filters: null },
      }),
    );
    expect(listed).toMatchObject({ total: 1, limit: 20 });
    const bulk = ok<{ created: number; results: { ok: boolean; id?: string }[] }>(
      await client.callTool({
        name: "bulk_create_records",
        arguments: {
          object: "contact",
          records: [{ values: [{ field: "last_name", value: "Bulk one" }] }, { values: [{ field: "email", value: "bad" }] }],
          upsertOn: null,
        },
      }),
    );
    expect(bulk.created).toBe(1);
    const bulkUpdated = ok<{ updated: number }>(
      await client.callTool({
        name: "bulk_update_records",
        arguments: { object: "contact", updates: [{ id: bulk.results[0]!.id, values: [{ field: "job_title", value: "Bulk" }] }] },
      }),
    );
    expect(bulkUpdated.updated).toBe(1);
    expect((await new RecordsApi(key, "contact").get(bulk.results[0]!.id!)).json<{ job_title: string }>().job_title).toBe("Bulk");
    // A field named twice is a clear refusal, not a silent last-wins.
    const twice = await client.callTool({
      name: "create_record",
      arguments: {
        object: "contact",
        values: [
          { field: "last_name", value: "A" },
          { field: "last_name", value: "B" },
        ],
      },
    });
    expect(failed(twice)).toBe("values.1.field: 'last_name' is given twice");
    // The object form REST takes still works, for hosts that send it.
    ok(await client.callTool({ name: "create_record", arguments: { object: "contact", values: { last_name: "As an object" } } }));
  });
});
