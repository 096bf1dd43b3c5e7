import { defaultBaseUrl } from "./net/listen-address.mjs";
import { DEFAULT_EVENTS_RETENTION_DAYS } from "@/lib/schemas/events.ts";

/**
 * The public origin of this service (scheme://host[:port], no trailing slash). Metadata URLs are
 * built from it, never from the request: behind proxies the request URL is not what clients see.
 */
export function publicBaseUrl(): string {
  return defaultBaseUrl(process.env);
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

/** Default cap of an imported CSV file: 50 MiB, about 200,000 rows of a typical contact export. */
export const DEFAULT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The largest CSV file an import accepts (POST /{object}/imports): `IMPORT_MAX_BYTES`, in bytes. */
export function importMaxBytes(): number {
  const configured = Number(process.env.IMPORT_MAX_BYTES);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_IMPORT_MAX_BYTES;
}

/**
 * How many days events stay readable (GET /api/v1/events, the stream): `EVENTS_RETENTION_DAYS`,
 * 1 to 3,650, 30 unless set. Deliveries do not depend on it: an event no webhook has claimed yet is
 * kept until it is.
 */
export const eventsRetentionDays = (): number => boundedInt("EVENTS_RETENTION_DAYS", 1, 3650, DEFAULT_EVENTS_RETENTION_DAYS);

/** An integer setting within [min, max], or its default when unset or out of range. */
function boundedInt(name: string, min: number, max: number, fallback: number): number {
  const configured = Number(process.env[name]);
  return Number.isSafeInteger(configured) && configured >= min && configured <= max ? configured : fallback;
}

/** Whether authenticated API and MCP requests are logged (GET /api/v1/request-log): unless `REQUEST_LOG=off`. */
export const requestLogEnabled = (): boolean => process.env.REQUEST_LOG !== "off";

/** How many days request log lines are kept: `REQUEST_LOG_RETENTION_DAYS`, 1 to 365, 7 unless set. */
export const requestLogRetentionDays = (): number => boundedInt("REQUEST_LOG_RETENTION_DAYS", 1, 365, 7);

/**
 * The most request log lines a tenant keeps, its oldest going first: `REQUEST_LOG_MAX_PER_TENANT`,
 * 1,000 to 100,000,000, 1,000,000 unless set (about 300 MB of lines and indexes).
 */
export const requestLogMaxPerTenant = (): number => boundedInt("REQUEST_LOG_MAX_PER_TENANT", 1_000, 100_000_000, 1_000_000);
