import { IMPORT_CHANNEL } from "@/lib/services/imports/start-import.ts";
import { runImports } from "@/lib/services/imports/run-imports.ts";
import { defineJob } from "./define-job.ts";
import { notifyWaker } from "./notify-waker.ts";

/** Woken when an import is accepted in any instance; the interval picks up one an instance left (stopped, killed). */
const listen = notifyWaker(IMPORT_CHANNEL, () => recordImports.wake());

/**
 * CSV imports, in batches of 500 rows through the bulk write service, each batch and the import's
 * progress in one transaction: any number of instances at once, and a kill -9 neither loses nor
 * repeats a row (lib/services/imports/run-imports.ts).
 */
export const recordImports = defineJob({
  name: "record-imports",
  intervalMs: 2_000,
  // A run hands back after RUN_BUDGET_MS (60 s) at the end of a batch; this leaves room for the batch.
  timeoutMs: 5 * 60_000,
  retry: { firstMs: 1_000, maxMs: 60_000 },
  run: async (signal) => {
    await listen();
    return runImports({ signal });
  },
});
