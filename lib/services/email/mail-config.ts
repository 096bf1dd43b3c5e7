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

/**
 * The secret mail providers' inbound-parse webhooks present to POST /api/v1/email/inbound:
 * EMAIL_INBOUND_SECRET, or one derived from AUTH_SECRET (Settings → Email shows it to platform admins).
 */
export function inboundSecret(): string {
  return process.env.EMAIL_INBOUND_SECRET?.trim() || derivedSecret("email-inbound");
}
