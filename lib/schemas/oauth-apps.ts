import { z } from "zod";
import { isScope } from "@/lib/oauth/scopes.ts";
import { isPlainHost } from "./widgets.ts";

/** http is allowed only on a loopback IP literal, any port (RFC 8252 7.3, 8.3: not `localhost` by name). */
const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/|$)/;
/** The authority of an absolute URL as written (the parser would hide an empty userinfo). */
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/;

/**
 * Whether a redirect URI holds a wildcard, written or percent-encoded in the host. Redirect URIs
 * are matched byte for byte, so a `*` could only mislead whoever registered it (apps and agents alike).
 */
export const hasWildcard = (raw: string, url: URL): boolean => raw.includes("*") || url.hostname.includes("*");
export const WILDCARD_REFUSAL = "must not contain a wildcard (*): each redirect URI is matched exactly";

/**
 * A redirect URI an app may register (RFC 6749 3.1.2, RFC 9700 2.1): absolute, https — or http on
 * a loopback IP literal for native and development apps —, without a fragment, userinfo or
 * wildcard.
 */
export const redirectUriSchema = z
  .string()
  .max(2000)
  .superRefine((raw, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: "custom", message: `${message} (${raw})` });
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return refuse("must be an absolute URL");
    }
    if (hasWildcard(raw, url)) refuse(WILDCARD_REFUSAL);
    if (url.hash || raw.includes("#")) refuse("must not contain a fragment (#)");
    if (url.username || url.password || AUTHORITY.exec(raw)?.[1]?.includes("@")) refuse("must not contain a user name or password");
    if (url.protocol === "http:" ? !LOOPBACK_HTTP.test(raw) : url.protocol !== "https:") {
      refuse("must use https; http only on a loopback IP address, http://127.0.0.1:{port} or http://[::1]:{port} (not localhost)");
    }
  });

/**
 * An origin that may embed the app's widgets: scheme, host and port only, of a plain host name (no
 * wildcard: it ends up in record pages' frame-src, where `*` or `;` would widen the policy).
 */
export const originSchema = z.string().refine((raw) => {
  try {
    const url = new URL(raw);
    return url.origin === raw && isPlainHost(url.hostname);
  } catch {
    return false;
  }
}, "must be an origin such as https://app.example.com");

export const oauthAppInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).default(""),
  logoUrl: z
    .url({ protocol: /^https$/ })
    .max(2000)
    .nullable()
    .default(null),
  redirectUris: z.array(redirectUriSchema).min(1).max(20),
  initiateLoginUri: redirectUriSchema
    .nullable()
    .default(null)
    .describe(
      "Where the marketplace's Install button sends the user (OpenID Connect's initiate_login_uri, with `iss`): the app starts " +
        "its authorization request from there. https, or http on a loopback IP address.",
    ),
  allowedOrigins: z.array(originSchema).max(20).default([]),
  scopes: z.array(z.string().refine(isScope, "is not a known scope")).min(1).max(50),
});
export type OAuthAppInput = z.output<typeof oauthAppInputSchema>;
