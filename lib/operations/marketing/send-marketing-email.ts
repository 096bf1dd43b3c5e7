// POST /api/v1/marketing-emails — one marketing email to a contact or lead
import { assertActsForPeople } from "@/lib/auth/access.ts";
import { marketingEmailResultSchema, marketingEmailSchema } from "@/lib/schemas/marketing.ts";
import { sendMarketingEmail } from "@/lib/services/email/marketing.ts";
import { z } from "zod";
import { defineOperation, type ToolAnnotations } from "../define.ts";

/** Sends email out into the world: not read-only, not idempotent, open world. */
const SENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export const sendMarketingEmailOp = defineOperation({
  name: "marketing.send",
  summary: "Send a marketing email",
  description:
    "Sends one marketing email to a contact or lead, at the record's email address, with merge fields ({{first_name}}) filled from the record, " +
    "an unsubscribe footer and one-click unsubscribe headers (RFC 8058). Refused (400) when the record has no valid address or its person " +
    "unsubscribed; 429 `Daily email limit reached` past the company's daily cap. OAuth tokens need marketing:send and read access to the object. Without an SMTP server configured the message is kept, " +
    "unsent, in Settings → Email (`state: stored`).",
  scope: "marketing:send",
  http: { method: "POST", path: "/marketing-emails", status: 201, body: "email" },
  mcp: {
    tool: "send_marketing_email",
    title: "Send a marketing email",
    description:
      "Sends one marketing email to a contact or lead (recordId, objectApiName contact or lead) with a subject and a body (HTML or plain text). " +
      "{{field}} in either is replaced by the record's value. An unsubscribe footer is added; people who unsubscribed are refused with a clear " +
      "message. Returns the message's id, Message-ID and state (queued, or stored when no SMTP server is configured).",
    annotations: SENDS,
    flatten: "email",
  },
  input: z.object({ email: marketingEmailSchema }),
  output: marketingEmailResultSchema,
  errors: [
    "invalid_request",
    "not_found",
    "api_key_read_only",
    "api_key_object_denied",
    "permission_denied",
    "insufficient_scope",
    "email_cap_reached",
  ],
  authorize: (p, { email }) => assertActsForPeople(p, email.objectApiName),
  run: ({ tx, principal }, { email }) => sendMarketingEmail(tx, principal, email),
});
