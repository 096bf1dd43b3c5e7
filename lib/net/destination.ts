import { Resolver as DnsResolver } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/** Longest destination URL accepted (browsers and proxies handle 2,048 reliably). */
export const MAX_DESTINATION_URL_LENGTH = 2048;

/** Spec §6.2.5: where a webhook may send. Checked when a webhook is saved and again before every delivery. */

/** Names that lead to a cloud metadata service whatever they resolve to. */
const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);

/** Why a destination is refused: what the delivery log shows as "refused destination". */
export class DestinationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DestinationRefused";
  }
}

/** The DNS answer for a name could not be had: the log's "DNS failure". */
export class DestinationUnresolved extends Error {
  constructor(host: string, cause: unknown) {
    super(`The name ${host} could not be resolved`, { cause });
    this.name = "DestinationUnresolved";
  }
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * `WEBHOOK_ALLOW_NETWORKS`: comma-separated CIDRs an operator admits besides the public internet
 * (on-premise receivers, tests). Off by default. A malformed entry stops start-up rather than being skipped.
 */
export function parseAllowNetworks(value: string | undefined): Network[] {
  if (!value?.trim()) return [];
  return value.split(",").map((entry) => {
    const cidr = entry.trim();
    try {
      return ipaddr.parseCIDR(cidr);
    } catch {
      throw new Error(`WEBHOOK_ALLOW_NETWORKS: "${cidr}" is not a CIDR (e.g. 127.0.0.1/32 or fd00::/8)`);
    }
  });
}

export const allowNetworks = (): Network[] => parseAllowNetworks(process.env.WEBHOOK_ALLOW_NETWORKS);

function allowed(address: ipaddr.IPv4 | ipaddr.IPv6, networks: Network[]): boolean {
  return networks.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Null when `ip` is a public unicast address (or inside an allowed network); otherwise why not.
 * ipaddr.js names every special-purpose range (loopback, private, link-local — where cloud metadata
 * lives —, carrier-grade NAT, multicast, broadcast, reserved, documentation, unique-local, and the
 * IPv6 forms that carry an IPv4 address: mapped, NAT64, 6to4, Teredo); only "unicast" is public.
 * An IPv4-mapped address is judged as the IPv4 address it is.
 */
export function refusedAddress(ip: string, networks: Network[] = allowNetworks()): string | null {
  if (!ipaddr.isValid(ip)) return `${ip} is not an IP address`;
  const parsed = ipaddr.parse(ip);
  const address =
    parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  if (allowed(address, networks)) return null;
  // ::/96, the deprecated IPv4-compatible form (::127.0.0.1 parses as ::7f00:1), which ipaddr.js calls unicast.
  if (address.kind() === "ipv6" && address.match(IPV4_COMPATIBLE)) return `${address.toString()} is not a public address (ipv4Compatible)`;
  const range = address.range();
  return range === "unicast" ? null : `${address.toString()} is not a public address (${range})`;
}

/** A URL's host without the brackets of an IPv6 literal. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The rules a URL must meet before any lookup: http or https, no user name or password, a port
 * from 1 to 65535 when one is given, a host.
 * WHATWG URL parsing has already turned every numeric spelling of an IPv4 address (decimal,
 * octal, hex, short forms) into the dotted quad, so the address checks see what a client would
 * connect to. Returns the parsed URL or throws DestinationRefused.
 */
export function checkDestinationUrl(raw: string, networks: Network[] = allowNetworks()): URL {
  if (raw.length > MAX_DESTINATION_URL_LENGTH)
    throw new DestinationRefused(`The URL is longer than ${MAX_DESTINATION_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused("The URL is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new DestinationRefused("The URL must use http or https");
  if (url.username || url.password) throw new DestinationRefused("The URL may not contain a user name or password");
  // The parser refuses ports above 65535 but keeps 0, where nothing can be reached (connecting to it
  // fails differently on each system); the whole range is checked, not that one value.
  if (url.port !== "" && !(Number(url.port) >= 1 && Number(url.port) <= 65_535))
    throw new DestinationRefused(`The URL's port must be between 1 and 65535 (not ${url.port})`);
  const host = bareHost(url);
  if (!host) throw new DestinationRefused("The URL has no host");
  if (METADATA_HOSTS.has(host.replace(/\.$/, "").toLowerCase())) throw new DestinationRefused(`${host} is a cloud metadata service`);
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host, networks);
    if (refused) throw new DestinationRefused(refused);
  }
  return url;
}

/** What a delivery connects to: the checked URL and the one address it was checked at. */
export interface Destination {
  url: URL;
  /** The URL's host, without the brackets of an IPv6 literal. */
  host: string;
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** Per family, how long one DNS query may take (A and AAAA are asked together), within the delivery's 4 seconds. */
const DNS_TIMEOUT_MS = 2_000;

/** RFC 6761: `localhost` and names under it are the loopback, whatever a resolver would say. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;
/** RFC 6761: names under `invalid` never resolve, and resolvers answer so without asking anyone. */
const INVALID_NAME = /(^|\.)invalid\.?$/i;

/**
 * A and AAAA from DNS through c-ares, not the system's getaddrinfo: that runs on libuv's four
 * worker threads, which a few names that resolve slowly would hold (past any timeout of ours) and
 * so stall every other delivery's lookup. /etc/hosts is not read: webhook names are DNS names.
 */
const systemResolver: Resolver = async (host) => {
  if (LOOPBACK_NAME.test(host)) return [{ address: "127.0.0.1", family: 4 }];
  if (INVALID_NAME.test(host)) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
  const dns = new DnsResolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  const [v4, v6] = await Promise.allSettled([dns.resolve4(host), dns.resolve6(host)]);
  if (v4.status === "rejected" && v6.status === "rejected") throw v4.reason;
  return [
    ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
};

/**
 * Checks the URL, resolves its host once and refuses it if ANY of the addresses is not public (a
 * name with one private address among public ones is refused, so which one a client picks cannot
 * matter). The delivery connects to the returned address only, so a second lookup — DNS rebinding —
 * never happens.
 */
export async function resolveDestination(
  raw: string,
  resolve: Resolver = systemResolver,
  networks: Network[] = allowNetworks(),
): Promise<Destination> {
  const url = checkDestinationUrl(raw, networks);
  const host = bareHost(url);
  if (ipaddr.isValid(host)) return { url, host, address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 };
  let answers: { address: string; family: number }[];
  try {
    answers = await resolve(host);
  } catch (err) {
    throw new DestinationUnresolved(host, err);
  }
  if (!answers.length) throw new DestinationUnresolved(host, new Error("no addresses"));
  for (const { address } of answers) {
    const refused = refusedAddress(address, networks);
    if (refused) throw new DestinationRefused(`${host} resolves to ${refused}`);
  }
  const first = answers[0]!;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
