import { DISPATCH_CHANNEL, dispatchOnce, onPoolRoom, stopDeliveries } from "@/lib/services/webhooks/dispatch.ts";
import { defineJob } from "./define-job.ts";
import { notifyWaker } from "./notify-waker.ts";

/**
 * Wakes the dispatcher at once when events for a watched tenant, or a redelivery, commit in any
 * instance, and when its sender pool has room again.
 */
const listen = notifyWaker(
  DISPATCH_CHANNEL,
  () => webhookDispatch.wake(),
  () => onPoolRoom(() => webhookDispatch.wake()),
);

/** Outbox events to webhooks: claims in every instance, exactly one attempt per (event, webhook); lib/services/webhooks/dispatch.ts. */
export const webhookDispatch = defineJob({
  name: "webhook-dispatch",
  intervalMs: 2_000,
  timeoutMs: 30_000,
  retry: { firstMs: 500, maxMs: 30_000 },
  run: async (signal) => {
    await listen();
    return dispatchOnce(signal);
  },
  stop: stopDeliveries,
});
