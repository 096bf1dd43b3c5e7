import { withPlatformSql } from "@/lib/db/tenant.ts";
import { aborted, pinnedRequest } from "@/lib/net/pinned-request.ts";
import { DestinationRefused, DestinationUnresolved, parseAllowNetworks, resolveDestination } from "@/lib/net/destination.ts";
import { checkAgentMetadata } from "./agent-metadata.ts";
import { findMetadataDocumentAgent, saveMetadataDocumentAgent } from "./agent-clients.ts";
import type { OAuthAppRow } from "./apps.ts";
import { OAuthError } from "./oauth-error.ts";

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, as the MCP
 * authorization spec 2025-11-25 uses them): a client_id that is an https URL names the JSON
 * document that describes the client. We fetch it through the webhooks' SSRF rules (public
 * addresses only, the connection pinned to the checked address, no redirects), small and quick,
 * and keep it as the agent's row for as long as its Cache-Control allows within our bounds.
 */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
export const METADATA_DOCUMENT_TIMEOUT_MS = 5_000;
const MIN_CACHE_SECONDS = 60;
const DEFAULT_CACHE_SECONDS = 3600;
const MAX_CACHE_SECONDS = 24 * 3600;
const MAX_URL_LENGTH = 2000;

/** Whether a client_id is meant as a metadata document URL (then it must pass `metadataDocumentUrlProblem`). */
export const isMetadataDocumentClientId = (clientId: string): boolean => /^https:\/\//i.test(clientId);

/** Why the URL cannot be a client_id, or null: https, a path, no dot segments, fragment or credentials (the draft's section 3). */
export function metadataDocumentUrlProblem(raw: string): string | null {
  if (raw.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a valid URL";
  }
  if (url.protocol !== "https:") return "must use https";
  if (raw.includes("#")) return "may not have a fragment";
  if (url.username || url.password) return "may not contain a user name or password";
  // WHATWG parsing removes dot segments, so look at what was sent.
  const path = raw.replace(/^https:\/\/[^/?]*/i, "").split("?")[0]!;
  if (!path || path === "/") return "must have a path";
  if (path.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return "may not contain . or .. segments";
  if (url.href !== raw) return "must be written in its normal form";
  return null;
}

/** Seconds the document may be kept: its max-age within our bounds, the minimum for no-store / no-cache. */
function cacheSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_CACHE_SECONDS;
  if (/\b(no-store|no-cache)\b/i.test(cacheControl)) return MIN_CACHE_SECONDS;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  if (!maxAge) return DEFAULT_CACHE_SECONDS;
  return Math.min(MAX_CACHE_SECONDS, Math.max(MIN_CACHE_SECONDS, Number(maxAge[1])));
}

const refused = (why: string) => new OAuthError("invalid_client", `The client metadata document could not be used: ${why}`);

/** Fetches and checks the document; throws invalid_client saying why it cannot be used. */
async function fetchDocument(url: string): Promise<{ document: unknown; cacheSeconds: number }> {
  const signal = AbortSignal.timeout(METADATA_DOCUMENT_TIMEOUT_MS);
  let answer;
  try {
    // Public addresses only: the webhooks' allowance (WEBHOOK_ALLOW_NETWORKS) is an admin feature's and
    // must not open internal networks to anyone who can send an authorization URL; this one is the operator's, off by default.
    const networks = parseAllowNetworks(process.env.OAUTH_METADATA_ALLOW_NETWORKS);
    const dest = await Promise.race([resolveDestination(url, undefined, networks), aborted(signal)]);
    answer = await pinnedRequest(dest, {
      method: "GET",
      headers: { accept: "application/json", "user-agent": "crm-oauth-client-metadata/1" },
      signal,
      maxBytes: METADATA_DOCUMENT_MAX_BYTES,
    });
  } catch (err) {
    if (signal.aborted) throw refused(`no answer within ${METADATA_DOCUMENT_TIMEOUT_MS / 1000} seconds`);
    if (err instanceof DestinationRefused || err instanceof DestinationUnresolved) throw refused(err.message);
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    throw refused(`it could not be fetched${code ? ` (${code})` : ""}`);
  }
  if (answer.status >= 300 && answer.status < 400) throw refused(`it answered ${answer.status}, and redirects are not followed`);
  if (answer.status !== 200) throw refused(`it answered ${answer.status}`);
  if (answer.truncated) throw refused(`it is larger than ${METADATA_DOCUMENT_MAX_BYTES} bytes`);
  const type = String(answer.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json"))
    throw refused(`its content type is ${type || "missing"}, not application/json`);
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(answer.body));
  } catch {
    throw refused("it is not valid JSON");
  }
  return { document, cacheSeconds: cacheSeconds(answer.headers["cache-control"]) };
}

/**
 * The agent a metadata document URL names: the cached copy while it is fresh, else the document
 * fetched again (outside any transaction) and stored. `beforeFetch` may refuse (a rate limit):
 * the fetch is what costs. Throws invalid_client with the reason when the URL or document is unusable.
 */
export async function metadataDocumentClient(url: string, o: { beforeFetch?: () => Promise<void> } = {}): Promise<OAuthAppRow> {
  const problem = metadataDocumentUrlProblem(url);
  if (problem) throw new OAuthError("invalid_client", `The client_id ${problem}`);
  const cached = await withPlatformSql((tx) => findMetadataDocumentAgent(tx, url));
  if (cached?.metadata_expires_at && cached.metadata_expires_at > new Date()) return cached;
  await o.beforeFetch?.();
  const { document, cacheSeconds: seconds } = await fetchDocument(url);
  if ((document as { client_id?: unknown } | null)?.client_id !== url) throw refused("its client_id is not the URL it was fetched from");
  const metadata = checkAgentMetadata(document, { fallbackName: new URL(url).host.slice(0, 100), secretMethods: "refuse" });
  const saved = await withPlatformSql((tx) => saveMetadataDocumentAgent(tx, url, metadata, new Date(Date.now() + seconds * 1000)));
  if (!saved) throw refused("the URL is registered otherwise");
  return saved;
}
