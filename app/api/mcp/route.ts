// The remote MCP server (spec 4.4): tools over HTTP POST, for API keys and OAuth access tokens.
import { mcpRoute } from "@/lib/adapters/mcp/mcp-endpoint.ts";

export const { POST, GET, DELETE, PUT, PATCH, OPTIONS } = mcpRoute;
