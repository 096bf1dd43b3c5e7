import { listenFor } from "@/lib/db/notify.ts";
import { DISPATCH_CHANNEL, dispatchOnce, onPoolRoom, stopDeliveries } from "@/lib/services/webhooks/dispatch.ts";
import { defineJob } from "./define-job.ts";

let listening: Promise<void> | undefined;

/**
 * Wakes the dispatcher at once when events for a watched tenant, or a redelivery, commit in any
 * instance (NOTIFY; PGlite's arrive in-process), and when its sender pool has room again. The slow
 * poll of the job's interval is the safety net for a notification lost with a connection.
 */
function listenOnce(): Promise<void> {
  listening ??= (async () => {
    await listenFor(DISPATCH_CHANNEL, () => webhookDispatch.wake());
    onPoolRoom(() => webhookDispatch.wake());
  })().catch((err: unknown) => {
    listening = undefined;
    throw err;
  });
  return listening;
}

/** Outbox events to webhooks: claims in every instance, exactly one attempt per (event, webhook); lib/services/webhooks/dispatch.ts. */
export const webhookDispatch = defineJob({
  name: "webhook-dispatch",
  intervalMs: 2_000,
  timeoutMs: 30_000,
  retry: { firstMs: 500, maxMs: 30_000 },
  run: async (signal) => {
    await listenOnce();
    return dispatchOnce(signal);
  },
  stop: stopDeliveries,
});
