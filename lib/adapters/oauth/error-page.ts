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
 * Faults the authorization endpoint shows the user itself instead of redirecting to the client
 * (RFC 6749 4.1.2.1): the app's look, the same markup as the consent page's own error.
 */
export function authorizationErrorPage(status: number, message: string): Response {
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
