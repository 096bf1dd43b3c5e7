// @ts-check
// Where the server listens and the address it tells people, from PORT, HOST and PUBLIC_BASE_URL.
// Plain JavaScript: server.mjs reads it before any TypeScript is compiled, lib/config.ts reads it too.

/** @typedef {Record<string, string | undefined>} Env */

/** Unset HOST: both loopback addresses, so `localhost` is served whichever one a client resolves it to first. */
export const LOOPBACK_HOSTS = ["127.0.0.1", "::1"];

/**
 * The addresses to listen on: HOST's one (0.0.0.0 or :: for every address), or both loopbacks.
 * @param {Env} env
 * @returns {string[]}
 */
export function listenHosts(env = process.env) {
  const host = env.HOST?.trim();
  return host ? [host] : LOOPBACK_HOSTS;
}

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The origin people and links are given (PUBLIC_BASE_URL, else one that is served): `localhost` when
 * both loopbacks or every address are served, HOST itself when it names one address.
 * @param {Env} env
 * @returns {string}
 */
export function defaultBaseUrl(env = process.env) {
  const configured = env.PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const port = env.PORT ?? 3000;
  const host = env.HOST?.trim();
  if (!host || WILDCARDS.has(host) || host === "localhost") return `http://localhost:${port}`;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
}
