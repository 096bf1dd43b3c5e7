// @ts-check
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SECURITY_HEADERS } from "./lib/adapters/security-headers.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));

// Server actions read their bodies through Next: the same cap as every other body (lib/config.ts
// maxBodyBytes, whose default this repeats because this file cannot import TypeScript).
const configuredMaxBody = Number(process.env.MAX_BODY_BYTES);
const maxBodyBytes = Number.isSafeInteger(configuredMaxBody) && configuredMaxBody > 0 ? configuredMaxBody : 4 * 1024 * 1024;

// Next accepts a server action only when its Origin names the request's Host (or X-Forwarded-Host);
// server.mjs's action gate has already held it to PUBLIC_BASE_URL (lib/config.ts, whose default this
// repeats), so Next accepts that origin whatever the Host a proxy in front sends.
const publicHost = new URL(process.env.PUBLIC_BASE_URL || `http://localhost:${process.env.PORT ?? 3000}`).host;

// These URLs carry an authorization request (client, state, PKCE challenge) or a one-time link: never in a Referer.
// Listed after the rule above, whose Referrer-Policy they override.
const noReferrerPaths = ["/api/oauth/authorize", "/login", "/oauth/consent", "/account/set-password"];

/** @type {import("next").NextConfig} */
const config = {
  // PGlite loads its wasm and extension bundles from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "ioredis"],
  turbopack: { root },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  experimental: { serverActions: { bodySizeLimit: maxBodyBytes, allowedOrigins: [publicHost] } },
  // The build checks the app's own code; `npm run typecheck` checks everything (tests included).
  // CI runs that first, so its build skips the second check of the same files.
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: process.env.TYPECHECKED === "true" },
  async headers() {
    return [
      // The local store's files (/api/files/…) are left out: their route sends a stricter set of its
      // own, which these would replace (lib/adapters/files/file-route.ts).
      { source: "/:path((?!api/files/[^/]+/[^/]+/?$).*)", headers: SECURITY_HEADERS },
      ...noReferrerPaths.map((source) => ({ source, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] })),
    ];
  },
};

export default config;
