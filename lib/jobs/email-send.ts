import { EMAIL_CHANNEL } from "@/lib/services/email/outbox.ts";
import { sendQueuedEmail } from "@/lib/services/email/send-queued.ts";
import { closeSmtpTransport } from "@/lib/services/email/transport.ts";
import { defineJob } from "./define-job.ts";
import { notifyWaker } from "./notify-waker.ts";

/** Woken at once when email is queued in any instance; the interval is the safety net. */
const listen = notifyWaker(EMAIL_CHANNEL, () => emailSend.wake());

/** Queued email to the SMTP server (SMTP_URL), each message at most once; lib/services/email/send-queued.ts. */
export const emailSend = defineJob({
  name: "email-send",
  intervalMs: 5_000,
  timeoutMs: 120_000,
  retry: { firstMs: 1_000, maxMs: 60_000 },
  run: async (signal) => {
    await listen();
    return sendQueuedEmail({ signal });
  },
  stop: async () => closeSmtpTransport(),
});
