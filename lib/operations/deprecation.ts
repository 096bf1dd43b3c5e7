import type { Deprecation, Operation } from "./define.ts";

/** How long a deprecated operation lives at least, in days (the policy in docs/guides/versioning.md). */
export const MIN_DEPRECATION_DAYS = 180;

/** The guide that states the policy; the `Link` with rel="deprecation" points to it. */
export const DEPRECATION_POLICY_PATH = "/docs/guides/versioning";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The one sentence the OpenAPI description and the tool description both end with. */
export function deprecationNote(d: Deprecation, replacement?: Operation): string {
  const instead = replacement
    ? ` Use ${replacement.mcp && !replacement.http ? replacement.mcp.tool : `${replacement.http?.method} ${replacement.http?.path}`}` +
      `${replacement.mcp ? ` (tool ${replacement.mcp.tool})` : ""} instead.`
    : "";
  return `Deprecated since ${d.since}; it may be removed after ${d.sunset}.${instead}`;
}

/** `/{object}/{id}` with the request's own values where it names them; undefined while a parameter is left. */
function fill(path: string, params: Record<string, string | string[]>): string | undefined {
  let open = false;
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (typeof value !== "string") {
      open = true;
      return "";
    }
    return encodeURIComponent(value);
  });
  return open ? undefined : filled;
}

/**
 * The headers every answer of a deprecated operation carries, success or error:
 * `Deprecation: @<unix seconds>` (a structured-field date), `Sunset: <HTTP-date>`, and `Link` to the
 * policy (rel="deprecation") and, when the request's parameters fill its path, the replacement
 * (rel="successor-version").
 */
export function deprecationHeaders(
  d: Deprecation,
  replacement: Operation | undefined,
  params: Record<string, string | string[]>,
  apiBase: string,
  origin: string,
): Record<string, string> {
  const links = [`<${origin}${DEPRECATION_POLICY_PATH}>; rel="deprecation"; type="text/markdown"`];
  const successor = replacement?.http && fill(replacement.http.path, params);
  if (successor) links.push(`<${apiBase}${successor}>; rel="successor-version"`);
  return {
    Deprecation: `@${Math.floor(day(d.since).getTime() / 1000)}`,
    Sunset: day(d.sunset).toUTCString(),
    Link: links.join(", "),
  };
}

/** What makes a deprecation well-formed: real days, the sunset at least MIN_DEPRECATION_DAYS after, a replacement that exists. */
export function deprecationProblems(op: Operation, byName: (name: string) => Operation | undefined): string[] {
  const d = op.deprecated;
  if (!d) return [];
  const problems: string[] = [];
  const valid = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(day(s).getTime());
  if (!valid(d.since) || !valid(d.sunset)) problems.push(`${op.name}: since and sunset must be ISO days`);
  else if (day(d.sunset).getTime() - day(d.since).getTime() < MIN_DEPRECATION_DAYS * 86_400_000)
    problems.push(`${op.name}: the sunset must be at least ${MIN_DEPRECATION_DAYS} days after since`);
  if (d.replacement && !byName(d.replacement)) problems.push(`${op.name}: replacement ${d.replacement} is not an operation`);
  return problems;
}
