import { expect } from "vitest";
import type { Cookies } from "./cookies.ts";

/** The text of an HTML attribute or text node, as the page escaped it. */
export const decodeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * What a signed-in user does in the browser with an authorization URL, over HTTP with the session's
 * cookies: open it, read the consent screen (each of `expectOnScreen` must be on it), Approve with
 * every offered scope ticked. Returns the callback's parameters (code, state).
 */
export async function approveInBrowser(
  server: { url: string },
  browser: Cookies,
  authorizationUrl: URL | string,
  callback: string,
  expectOnScreen: RegExp[] = [],
): Promise<URLSearchParams> {
  const first = await fetch(authorizationUrl, { headers: { cookie: browser.header }, redirect: "manual" });
  expect(first.status, await first.clone().text()).toBe(303);
  const consentUrl = new URL(first.headers.get("location")!, server.url);
  const page = await fetch(consentUrl, { headers: { cookie: browser.header } });
  const html = await page.text();
  expect(page.status).toBe(200);
  for (const text of expectOnScreen) expect(html).toMatch(text);
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form.append(m[1]!, decodeHtml(m[2]!));
  for (const m of html.matchAll(/<input type="checkbox" name="grant"[^>]* value="([^"]+)"/g)) form.append("grant", decodeHtml(m[1]!));
  form.set("decision", "approve");
  const decided = await fetch(`${server.url}/api/oauth/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.header, origin: server.url },
    body: form,
    redirect: "manual",
  });
  expect(decided.status, await decided.clone().text()).toBe(302);
  const back = new URL(decided.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(callback);
  expect(back.searchParams.get("error"), back.toString()).toBeNull();
  return back.searchParams;
}
