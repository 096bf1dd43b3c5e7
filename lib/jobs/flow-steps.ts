import { listenFor } from "@/lib/db/notify.ts";
import { FLOW_CHANNEL } from "@/lib/services/flows/flows.ts";
import { runDueSteps } from "@/lib/services/flows/run-steps.ts";
import { defineJob } from "./define-job.ts";

let listening: Promise<void> | undefined;

/** Woken at once when a record is enrolled or a flow activated in any instance (NOTIFY); the interval catches steps falling due. */
function listenOnce(): Promise<void> {
  listening ??= listenFor(FLOW_CHANNEL, () => flowSteps.wake()).then(
    () => undefined,
    (err: unknown) => {
      listening = undefined;
      throw err;
    },
  );
  return listening;
}

/** The flows' due steps, each exactly once across instances; lib/services/flows/run-steps.ts. */
export const flowSteps = defineJob({
  name: "flow-steps",
  intervalMs: 500,
  timeoutMs: 60_000,
  retry: { firstMs: 1_000, maxMs: 60_000 },
  run: async (signal) => {
    await listenOnce();
    return runDueSteps({ signal });
  },
});
