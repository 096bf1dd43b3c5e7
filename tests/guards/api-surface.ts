import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { toolDefinition } from "@/lib/adapters/mcp/mcp-server.ts";
import { toolInput } from "@/lib/adapters/mcp/tool-arguments.ts";
import { TOOL_OPERATIONS } from "@/lib/operations/registry.ts";

/** The MCP tool list as tools/list gives it: names, descriptions, schemas, annotations. */
export function toolList(): unknown[] {
  return TOOL_OPERATIONS.map((op) => {
    const tool = toolInput(op);
    const d = toolDefinition(op, tool);
    return {
      name: op.mcp!.tool,
      title: d.title,
      description: d.description,
      input: tool.schema["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
      output: d.outputSchema["~standard"].jsonSchema.output({ target: "draft-2020-12" }),
      annotations: d.annotations,
    };
  });
}

/**
 * What integrators see of the interface, as one short hash: the OpenAPI document (through the SDK's
 * types generated from it, which a test keeps current and which leave out the deployment's address)
 * and the MCP tool list. CHANGELOG.md names the hash its newest entries describe.
 */
export function apiSurfaceHash(): string {
  const openapi = readFileSync("packages/sdk/src/openapi.ts", "utf8");
  return createHash("sha256").update(openapi).update(JSON.stringify(toolList())).digest("hex").slice(0, 16);
}
