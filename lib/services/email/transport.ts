import nodemailer, { type Transporter } from "nodemailer";

/**
 * How long a claimed message may stay 'sending' before it counts as orphaned (its instance died):
 * far beyond what a claim of 25 messages over 4 connections with these timeouts can take, so a
 * live instance's message is never marked interrupted while it is still being handed over.
 */
export const ORPHANED_AFTER_MS = 15 * 60_000;

/** Our pool and timeouts, as nodemailer reads them from the URL's query, unless the operator set them there. */
const DEFAULTS: Record<string, string> = {
  pool: "true",
  maxConnections: "4",
  connectionTimeout: "10000",
  greetingTimeout: "10000",
  socketTimeout: "30000",
  // A message the pool would put back after a dropped connection may have gone out: never again.
  maxRequeues: "0",
};

function withDefaults(raw: string): string {
  const url = new URL(raw);
  for (const [key, value] of Object.entries(DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

let cached: { url: string; transporter: Transporter } | undefined;

/** The nodemailer transport of SMTP_URL (one pooled connection set per URL). */
export function smtpTransport(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transporter.close();
    cached = {
      url,
      transporter: nodemailer.createTransport(withDefaults(url)),
    };
  }
  return cached.transporter;
}

export function closeSmtpTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}
