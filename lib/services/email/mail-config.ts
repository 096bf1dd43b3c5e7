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
 * Why EMAIL_INBOUND_SECRET cannot be used, or undefined: set, it must be at least MIN_INBOUND_SECRET
 * characters long. Start-up refuses to start with this message (lib/startup.ts) rather than
 * serve an inbound endpoint that refuses every call.
 */
export function inboundSecretProblem(env: Record<string, string | undefined> = process.env): string | undefined {
  const configured = env.EMAIL_INBOUND_SECRET?.trim();
  if (!configured || configured.length >= MIN_INBOUND_SECRET) return undefined;
  return (
    `EMAIL_INBOUND_SECRET must be at least ${MIN_INBOUND_SECRET} characters long (it has ${configured.length}): ` +
    "set a longer one, or unset it to use the secret derived from AUTH_SECRET"
  );
}

/**
 * The secret mail providers' inbound-parse webhooks present to POST /api/v1/email/inbound:
 * EMAIL_INBOUND_SECRET, or one derived from AUTH_SECRET (Settings → Email shows it to platform admins).
 */
export function inboundSecret(): string {
  const problem = inboundSecretProblem();
  if (problem) throw new Error(problem);
  return process.env.EMAIL_INBOUND_SECRET?.trim() || derivedSecret("email-inbound");
}
