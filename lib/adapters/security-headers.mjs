// The headers every answer carries (next.config.js sets them on Next's; the API route layer on
// its own, lib/adapters/route-layer), written once. Plain JavaScript: next.config.js cannot import
// TypeScript.

/**
 * Pages may never be framed, and frame nothing themselves: the record and dashboard pages replace
 * this policy with one whose frame-src names their widgets' origins (proxy.ts).
 * @type {{ key: string; value: string }[]}
 */
export const SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'; frame-src 'none'" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];
