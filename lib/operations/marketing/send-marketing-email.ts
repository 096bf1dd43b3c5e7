// POST /api/v1/marketing-emails — one marketing email to a contact or lead
import { AppError } from "@/lib/errors/app-error.ts";
import { roleGrant } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { marketingEmailResultSchema, marketingEmailSchema } from "@/lib/schemas/marketing.ts";
import { sendMarketingEmail } from "@/lib/services/email/marketing.ts";
import { z } from "zod";
import { defineSqlOperation, type ToolAnnotations } from "../define.ts";

/** Sends email out into the world: not read-only, not idempotent, open world. */
const SENDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/**
 * Marketing email needs a credential that may write (a key that is not read-only, of the object if
 * the key lists objects; a token with marketing:send, which the pipeline checks) and a role that
 * may update the recipient's object.
 */
function authorizeSend(p: Principal, objectApiName: string): void {
  const c = p.credential;
  if (c.kind === "api_key") {
    if (c.allowedObjects && !c.allowedObjects.includes(objectApiName)) throw new AppError("api_key_object_denied");
    if (c.readOnly) throw new AppError("api_key_read_only");
  }
  if (!roleGrant(p.role, objectApiName).update) throw new AppError("permission_denied");
}

export const sendMarketingEmailOp = defineSqlOperation({
  name: "marketing.send",
  summary: "Send a marketing email",
  description:
    "Sends one marketing email to a contact or lead, at the record's email address, with merge fields ({{first_name}}) filled from the record, " +
    "an unsubscribe footer and one-click unsubscribe headers (RFC 8058). Refused (400) when the record has no valid address or its person " +
    "unsubscribed; 429 `Daily email limit reached` past the company's daily cap. Without an SMTP server configured the message is kept, " +
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
  authorize: (p, { email }) => authorizeSend(p, email.objectApiName),
  run: ({ tx, principal }, { email }) => sendMarketingEmail(tx, principal, email),
});
