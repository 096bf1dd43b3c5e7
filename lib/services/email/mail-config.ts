import { publicBaseUrl } from "@/lib/config.ts";
import { derivedSecret } from "@/lib/secrets.ts";

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; null: the embedded default keeps messages unsent in the outbox. */
  smtpUrl: string | null;
  /** The From header: SMTP_FROM, or no-reply at PUBLIC_BASE_URL's host. */
  from: string;
  /** Messages a tenant may send per UTC day (EMAIL_DAILY_CAP). */
  dailyCap: number;
}

export const DEFAULT_EMAIL_DAILY_CAP = 500;

/** Read at each use, so that tests and operators can change it without a restart of the module. */
export function mailConfig(): MailConfig {
  const smtpUrl = process.env.SMTP_URL?.trim() || null;
  const cap = Number(process.env.EMAIL_DAILY_CAP);
  return {
    smtpUrl,
    from: process.env.SMTP_FROM?.trim() || `CRM <no-reply@${new URL(publicBaseUrl()).hostname}>`,
    dailyCap: Number.isSafeInteger(cap) && cap > 0 ? cap : DEFAULT_EMAIL_DAILY_CAP,
  };
}

/** The shortest EMAIL_INBOUND_SECRET accepted: the endpoint is on the internet, and the secret is all that guards it. */
export const MIN_INBOUND_SECRET = 32;

/**
 * The secret mail providers' inbound-parse webhooks present to POST /api/v1/email/inbound:
 * EMAIL_INBOUND_SECRET, or one derived from AUTH_SECRET (Settings → Email shows it to platform
 * admins). Null when EMAIL_INBOUND_SECRET is set shorter than MIN_INBOUND_SECRET: every call is then refused.
 */
export function inboundSecret(): string | null {
  const configured = process.env.EMAIL_INBOUND_SECRET?.trim();
  if (!configured) return derivedSecret("email-inbound");
  return configured.length >= MIN_INBOUND_SECRET ? configured : null;
}
