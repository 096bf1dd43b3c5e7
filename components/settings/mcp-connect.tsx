import { mcpClientConfigs } from "@/lib/adapters/mcp/client-config.ts";

/** How to point an AI agent's MCP client at this CRM with one of the keys above. */
export function McpConnect({ url }: { url: string }) {
  const { bridge, configs } = mcpClientConfigs(url);
  return (
    <div className="stack">
      <p>
        MCP server URL: <code data-testid="mcp-url">{url}</code>. Send a key as <code>Authorization: Bearer</code>; the tools act with that
        key&apos;s scopes and rate limit, exactly as the REST API does. Replace <code>${"{KEY}"}</code> with your key.
      </p>
      <p>Clients without remote HTTP support run the bridge:</p>
      <pre data-testid="mcp-bridge-command">{bridge}</pre>
      {configs.map((c) => (
        <div key={c.client}>
          <h3>{c.client}</h3>
          <p>{c.how}:</p>
          <pre>{c.text}</pre>
        </div>
      ))}
    </div>
  );
}
