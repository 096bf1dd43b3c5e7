import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Headers of every answer of the authorization endpoint. Its URLs carry the request (client,
 * state, PKCE challenge): no-referrer keeps them from the Referer of whatever the page loads or
 * links to (next.config.js sets the same for the login and consent pages).
 */
export const AUTHORIZE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

// A route handler cannot render a page with the app's layout, so the error page carries the app's
// global stylesheet (the one app/layout.tsx imports) inline, read as Next's docs read files: from
// the project directory, process.cwd() (the build traces it from this call).
let appCss: string | undefined;
const stylesheet = (): string => (appCss ??= readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8"));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A fault the authorization endpoint shows the user itself instead of redirecting to the client
 * (RFC 6749 4.1.2.1): thrown by its handlers, answered by authorizationError.
 */
export class AuthorizationRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AuthorizationRefused";
  }
}

/** The RFC 6749 4.1.2.1 error code of a fault's status, for the JSON answer. */
function errorCode(status: number): string {
  if (status === 401 || status === 403) return "access_denied";
  if (status === 429) return "rate_limited";
  if (status === 503) return "temporarily_unavailable";
  if (status >= 500) return "server_error";
  return "invalid_request";
}

/** The weight (q) the Accept header gives the first of these media ranges it names, 0 when none. */
function weight(accept: string, ranges: string[]): number {
  const entries = accept.split(",").map((part) => {
    const [range = "", ...params] = part.split(";").map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return { range, q: q ? Number(q.slice(2)) || 0 : 1 };
  });
  for (const r of ranges) {
    const found = entries.find((e) => e.range === r);
    if (found) return found.q;
  }
  return 0;
}

/**
 * Whether the caller asked for JSON rather than a page: a program checking the endpoint, not a
 * browser navigating to it (browsers ask for text/html first, and never name application/json).
 */
export function wantsJson(req: Request): boolean {
  const accept = req.headers.get("accept") ?? "";
  const json = weight(accept, ["application/json"]);
  return json > 0 && json >= weight(accept, ["text/html", "text/*", "*/*"]);
}

/**
 * The endpoint's answer to a fault: the error page a person sees, or — to a request whose Accept
 * prefers application/json — the RFC 6749 error shape, `{error, error_description}`, with the same status.
 */
export function authorizationError(req: Request, status: number, message: string, retryAfter?: number): Response {
  const res = wantsJson(req)
    ? new Response(JSON.stringify({ error: errorCode(status), error_description: message }), {
        status,
        headers: { ...AUTHORIZE_HEADERS, "Content-Type": "application/json; charset=utf-8" },
      })
    : authorizationErrorPage(status, message);
  if (retryAfter !== undefined) res.headers.set("Retry-After", String(retryAfter));
  return res;
}

/** The error page: the app's look, the same markup as the consent page's own error. */
function authorizationErrorPage(status: number, message: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorization error · CRM</title><link rel="icon" href="/favicon.svg"><style>${stylesheet()}</style></head>
<body><main class="center"><div class="panel card stack">
<h1>This authorization request cannot be completed</h1>
<p class="error">${escapeHtml(message)}</p>
<p class="lead">Go back to the app you came from and start again.</p>
</div></main></body></html>`;
  return new Response(html, { status, headers: { ...AUTHORIZE_HEADERS, "Content-Type": "text/html; charset=utf-8" } });
}
