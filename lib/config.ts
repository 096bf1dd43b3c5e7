/**
 * The public origin of this service (scheme://host[:port], no trailing slash). Metadata URLs are
 * built from it, never from the request: behind proxies the request URL is not what clients see.
 */
export function publicBaseUrl(): string {
  const configured = process.env.PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

export const apiBaseUrl = (): string => `${publicBaseUrl()}/api/v1`;
export const mcpUrl = (): string => `${publicBaseUrl()}/api/mcp`;
