import { z } from "zod";
import { storableText } from "./text.ts";

/** The objects whose records are people with an email address to market to. */
export const MARKETING_OBJECTS = ["contact", "lead"] as const;
export const MAX_MARKETING_BODY = 100_000;

export const marketingEmailSchema = z
  .strictObject({
    recordId: z.uuid({ error: "must be the id (a uuid) of a contact or lead" }).describe("The contact or lead to email"),
    objectApiName: z.enum(MARKETING_OBJECTS, { error: "must be contact or lead" }).describe("contact or lead"),
    subject: storableText()
      .trim()
      .min(1, "is required")
      .max(255, "must be at most 255 characters")
      .refine((s) => !/[\r\n]/.test(s), "must be one line")
      .describe("One line; merge fields such as {{first_name}} are filled from the record"),
    body: storableText()
      .min(1, "is required")
      .max(MAX_MARKETING_BODY, `must be at most ${MAX_MARKETING_BODY} characters`)
      .describe(
        "HTML (sanitised: no script, style or form) or plain text (paragraphs kept); merge fields such as {{first_name}} are filled from the record, escaped. An unsubscribe footer is added",
      ),
  })
  .meta({ id: "MarketingEmailRequest" });
export type MarketingEmailRequest = z.output<typeof marketingEmailSchema>;

export const marketingEmailResultSchema = z
  .object({
    id: z.string().describe("uuid of the message in the email log"),
    messageId: z.string().describe("The Message-ID header it carries"),
    to: z.string(),
    subject: z.string().describe("With the merge fields filled"),
    state: z
      .enum(["queued", "stored"])
      .describe(
        "queued: handed to the SMTP server (SMTP_URL) within seconds; stored: no SMTP server is configured, the message is kept in Settings → Email, not sent",
      ),
    created_at: z.string().describe("ISO 8601 UTC"),
  })
  .meta({ id: "MarketingEmail" });
