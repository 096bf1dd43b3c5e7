import { publicBaseUrl } from "@/lib/config.ts";

/**
 * Whether a POST of the consent form comes from our own page (CSRF defence beside the form's
 * token and the session cookie's SameSite):
 * - `Sec-Fetch-Site`, when sent, must be `same-origin`;
 * - `Origin`, when sent, must be our public origin (PUBLIC_BASE_URL) — or `null` vouched for by
 *   `Sec-Fetch-Site: same-origin`: browsers send `Origin: null` on a POST from a page whose
 *   Referrer-Policy is no-referrer, as the consent page's is;
 * - a POST with neither header is judged by the form's token alone: every browser that sends
 *   cookies with a cross-site POST also sends Origin, so such a request is no cross-site forgery
 *   (older browsers, e.g. Firefox before 70, left Origin out of same-origin form posts).
 */
export function sameOriginPost(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return false;
  const origin = headers.get("origin");
  if (origin === null) return true;
  if (origin === "null") return site === "same-origin";
  return origin === publicBaseUrl();
}
