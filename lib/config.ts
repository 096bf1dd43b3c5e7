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

/** Default cap of a request body: a 500-record bulk of records of up to 8 KiB of JSON each fits. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The one cap on request bodies (REST, MCP, OAuth forms, server actions): `MAX_BODY_BYTES`, in bytes. */
export function maxBodyBytes(): number {
  const configured = Number(process.env.MAX_BODY_BYTES);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_BODY_BYTES;
}

/** Default cap of an attachment: 25 MiB, the size mail systems commonly accept. */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** The largest attachment accepted: `ATTACHMENT_MAX_BYTES`, in bytes. */
export function attachmentMaxBytes(): number {
  const configured = Number(process.env.ATTACHMENT_MAX_BYTES);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_ATTACHMENT_MAX_BYTES;
}
