// Settings → Email: the outbox and log of every email the company sent (admins: it names recipients).
import { z } from "zod";
import { assertAdmin } from "@/lib/auth/access.ts";
import { listEmail } from "@/lib/services/email/email-log.ts";
import { defineOperation } from "../define.ts";

export const emailLogOp = defineOperation({
  name: "email.log",
  summary: "Email log",
  description: "Every email the company sent or keeps unsent, newest first: recipient, subject, state, time and error.",
  scope: "settings:read",
  input: z.object({ limit: z.number().int().min(1).max(100).default(50), offset: z.number().int().min(0).max(100_000).default(0) }),
  output: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        messageId: z.string(),
        kind: z.string(),
        to: z.string(),
        subject: z.string(),
        state: z.string(),
        error: z.string().nullable(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
        text: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
  errors: ["permission_denied"],
  authorize: assertAdmin,
  run: async ({ tx, principal }, input) => listEmail(tx, principal.tenantId, input),
});
