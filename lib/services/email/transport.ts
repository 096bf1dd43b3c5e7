import nodemailer, { type Transporter } from "nodemailer";

/** An SMTP conversation never takes longer than this, so a message left 'sending' past it was orphaned. */
export const SEND_TIMEOUT_MS = 60_000;

/** Our pool and timeouts, as nodemailer reads them from the URL's query, unless the operator set them there. */
const DEFAULTS: Record<string, string> = {
  pool: "true",
  maxConnections: "4",
  connectionTimeout: "10000",
  greetingTimeout: "10000",
  socketTimeout: "30000",
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
