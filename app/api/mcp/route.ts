// The remote MCP server (spec 4.4): tools over HTTP POST, for API keys and OAuth access tokens.
import { mcpMethodNotAllowed, mcpPreflight, serveMcp } from "@/lib/adapters/mcp/mcp-endpoint.ts";

export const POST = serveMcp;
export const GET = mcpMethodNotAllowed;
export const DELETE = mcpMethodNotAllowed;
export const PUT = mcpMethodNotAllowed;
export const PATCH = mcpMethodNotAllowed;
export const OPTIONS = mcpPreflight;
