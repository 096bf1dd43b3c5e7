// @ts-check
/**
 * The tests' network tripwire: no test, and no app server or other process a test starts, may
 * look up or connect to anything but the loopback. Installed in every Vitest worker (per-file.ts),
 * which hands it on to every Node process it starts through NODE_OPTIONS (the preload,
 * net-tripwire-preload.mjs), and in the Playwright web server (playwright.config.ts).
 *
 * Allowed: `localhost` and names under it (RFC 6761), IP literals (a lookup of one asks nobody),
 * connections to 127.0.0.0/8 and ::1, and Unix sockets. Anything else — dns.lookup, any DNS query
 * (resolve*, reverse, through the module or a Resolver), a connection to another address,
 * whatever lookup answered it — is refused as the network would refuse it (ENOTFOUND,
 * ECONNREFUSED), printed to stderr and appended to the file NET_TRIPWIRE_LOG names, which the
 * test runner reads to fail the test during which it happened.
 */
import dns from "node:dns";
import { appendFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

const INSTALLED = Symbol.for("crm.netTripwire");
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/** @param {string} address an IP address */
export function isLoopbackAddress(address) {
  const bare = address.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (net.isIPv4(bare)) return bare.startsWith("127.");
  if (!net.isIPv6(bare)) return false;
  if (bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  const mapped = /^(?:0:0:0:0:0|:):ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped !== null && mapped[1].startsWith("127.");
}

/** Whether looking `host` up asks no one outside this machine. @param {string} host */
const lookupAllowed = (host) => LOOPBACK_NAME.test(host) || net.isIP(host.replace(/^\[(.*)\]$/, "$1")) !== 0;

/** Records a violation where the test runner finds it. @param {string} what */
function violation(what) {
  const where = (new Error().stack ?? "")
    .split("\n")
    .slice(3, 9)
    .map((line) => line.trim().replace(/^at /, ""))
    .join(" < ");
  const line = `net-tripwire: ${what}, outside the loopback (pid ${process.pid}; ${where})`;
  process.stderr.write(`${line}\n`);
  if (process.env.NET_TRIPWIRE_LOG) appendFileSync(process.env.NET_TRIPWIRE_LOG, `${line}\n`);
}

/** @param {string} code @param {string} syscall @param {string} target */
const refusal = (code, syscall, target) =>
  Object.assign(new Error(`${syscall} ${code} ${target} (refused by the tests' network tripwire)`), { code, syscall, hostname: target });

/**
 * Wraps a DNS function taking a name (or address) first: refused unless allowed.
 * @param {Record<string, unknown>} target @param {string} key @param {"callback" | "promise"} style
 */
function guardQuery(target, key, style) {
  const original = /** @type {(...args: unknown[]) => unknown} */ (target[key]);
  if (typeof original !== "function") return;
  const allowed = key === "reverse" || key === "lookupService" ? isLoopbackAddress : lookupAllowed;
  target[key] = function guarded(/** @type {unknown[]} */ ...args) {
    const name = String(args[0]);
    if (allowed(name)) return original.apply(this, args);
    violation(`dns.${key}(${JSON.stringify(name)})`);
    const err = refusal("ENOTFOUND", key === "lookup" ? "getaddrinfo" : key, name);
    if (style === "promise") return Promise.reject(err);
    const callback = args.findLast((a) => typeof a === "function");
    if (typeof callback === "function") process.nextTick(callback, err);
    return undefined;
  };
}

/**
 * A custom lookup (a pinned request's) answers the address itself: the connection is allowed only
 * when every address it answers is the loopback.
 * @param {Function} lookup @param {string} host
 */
function guardedLookup(lookup, host) {
  return (/** @type {string} */ name, /** @type {object} */ options, /** @type {Function} */ callback) =>
    lookup(name, options, (/** @type {Error | null} */ err, /** @type {unknown} */ address, /** @type {unknown} */ family) => {
      if (err) return callback(err);
      const addresses = Array.isArray(address) ? address.map((a) => String(a.address)) : [String(address)];
      const outside = addresses.find((a) => !isLoopbackAddress(a));
      if (outside === undefined) return callback(null, address, family);
      violation(`connection to ${host} at ${outside}`);
      callback(refusal("ECONNREFUSED", "connect", host));
    });
}

function guardConnect() {
  const original = /** @type {(this: net.Socket, ...args: unknown[]) => net.Socket} */ (net.Socket.prototype.connect);
  net.Socket.prototype.connect = /** @type {typeof net.Socket.prototype.connect} */ (
    /** @this {net.Socket} */
    function connect(/** @type {unknown[]} */ ...args) {
      // net.connect hands over [options, callback] as one normalised array.
      const first = Array.isArray(args[0]) ? /** @type {unknown[]} */ (args[0])[0] : args[0];
      /** @type {{ host?: string; path?: string; lookup?: Function }} */
      const options =
        first !== null && typeof first === "object"
          ? /** @type {{ host?: string; path?: string; lookup?: Function }} */ (first)
          : typeof first === "number" || /^\d+$/.test(String(first))
            ? { host: typeof args[1] === "string" ? args[1] : undefined }
            : { path: String(first) };
      if (options.path) return original.apply(this, args);
      const host = options.host ?? "localhost";
      if (net.isIP(host)) {
        if (!isLoopbackAddress(host)) {
          violation(`connection to ${host}`);
          process.nextTick(() => this.destroy(refusal("ECONNREFUSED", "connect", host)));
          return this;
        }
      } else if (options.lookup && !LOOPBACK_NAME.test(host)) options.lookup = guardedLookup(options.lookup, host);
      return original.apply(this, args);
    }
  );
}

/** Installs the tripwire in this process, once. */
export function installNetTripwire() {
  const registry = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis));
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  /** @type {[object, "callback" | "promise"][]} */
  const targets = [
    [dns, "callback"],
    [dns.promises, "promise"],
    [dns.Resolver.prototype, "callback"],
    [dns.promises.Resolver.prototype, "promise"],
  ];
  const queries = ["lookup", "lookupService", "reverse", ...Object.keys(dns).filter((k) => k.startsWith("resolve"))];
  for (const key of queries) for (const [target, style] of targets) guardQuery(/** @type {Record<string, unknown>} */ (target), key, style);
  guardConnect();
  // ES modules that import { lookup } from "node:dns" see the guarded functions too.
  syncBuiltinESMExports();
}

/**
 * NODE_OPTIONS with the preload added (once), so a Node process started with it has the tripwire.
 * @param {string | undefined} nodeOptions
 */
export function withTripwirePreload(nodeOptions) {
  const preload = `--import=${new URL("./net-tripwire-preload.mjs", import.meta.url).href}`;
  return nodeOptions?.includes(preload) ? nodeOptions : [nodeOptions, preload].filter(Boolean).join(" ");
}
