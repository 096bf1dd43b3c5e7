import { FLOW_CHANNEL } from "@/lib/services/flows/flows.ts";
import { runDueSteps } from "@/lib/services/flows/run-steps.ts";
import { defineJob } from "./define-job.ts";
import { notifyWaker } from "./notify-waker.ts";

/** Woken when a record is enrolled or a flow activated in any instance; the interval catches steps falling due. */
const listen = notifyWaker(FLOW_CHANNEL, () => flowSteps.wake());

/** The flows' due steps, each exactly once across instances; lib/services/flows/run-steps.ts. */
export const flowSteps = defineJob({
  name: "flow-steps",
  intervalMs: 500,
  timeoutMs: 60_000,
  retry: { firstMs: 1_000, maxMs: 60_000 },
  run: async (signal) => {
    await listen();
    return runDueSteps({ signal });
  },
});
