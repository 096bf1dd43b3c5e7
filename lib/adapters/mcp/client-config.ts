/**
 * Copy-paste configuration for MCP clients, shown on the API keys page (the README has the same).
 * `${KEY}` stays a placeholder: secrets are shown once, at creation, and never again.
 */
export interface McpClientConfig {
  /** e.g. "Claude Code" */
  client: string;
  /** What to do with the text. */
  how: string;
  text: string;
}

export function mcpClientConfigs(url: string): { bridge: string; configs: McpClientConfig[] } {
  const bridge = `npx mcp-remote ${url} --header "Authorization: Bearer \${KEY}"`;
  return {
    bridge,
    configs: [
      {
        client: "Claude Code",
        how: "Run in a terminal",
        text: `claude mcp add --transport http crm ${url} --header "Authorization: Bearer \${KEY}"`,
      },
      {
        client: "VS Code",
        how: "Put in .vscode/mcp.json (VS Code asks for the key once)",
        text: JSON.stringify(
          {
            inputs: [{ type: "promptString", id: "crm-key", description: "CRM API key", password: true }],
            servers: { crm: { type: "http", url, headers: { Authorization: "Bearer ${input:crm-key}" } } },
          },
          null,
          2,
        ),
      },
      {
        client: "Clients without remote HTTP (Claude Desktop and others)",
        how: "Add to the client's MCP servers configuration; it runs the bridge command",
        text: JSON.stringify(
          { mcpServers: { crm: { command: "npx", args: ["mcp-remote", url, "--header", "Authorization: Bearer ${KEY}"] } } },
          null,
          2,
        ),
      },
    ],
  };
}
