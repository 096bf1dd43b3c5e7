import { z } from "zod";
import { isScope } from "@/lib/oauth/scopes.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A redirect URI an app may register: absolute, no fragment (RFC 6749 3.1.2), https — or http
 * on a loopback host for native and development apps (RFC 8252 7.3). Matched later byte for byte.
 */
export const redirectUriSchema = z.string().max(2000).superRefine((raw, ctx) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return void ctx.addIssue({ code: "custom", message: "must be an absolute URL" });
  }
  if (url.hash || raw.includes("#")) ctx.addIssue({ code: "custom", message: "must not contain a fragment" });
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) {
    ctx.addIssue({ code: "custom", message: "must use https (http only on localhost)" });
  }
});

/** An origin that may embed the app's widgets: scheme, host and port only. */
export const originSchema = z.string().refine((raw) => {
  try {
    return new URL(raw).origin === raw;
  } catch {
    return false;
  }
}, "must be an origin such as https://app.example.com");

export const oauthAppInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).default(""),
  logoUrl: z.url({ protocol: /^https$/ }).max(2000).nullable().default(null),
  redirectUris: z.array(redirectUriSchema).min(1).max(20),
  allowedOrigins: z.array(originSchema).max(20).default([]),
  scopes: z.array(z.string().refine(isScope, "is not a known scope")).min(1).max(50),
});
export type OAuthAppInput = z.output<typeof oauthAppInputSchema>;
