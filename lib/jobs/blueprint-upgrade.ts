import { applyBlueprintToAllTenants } from "@/lib/services/tenants/blueprint.ts";
import { defineJob } from "./define-job.ts";

/**
 * Tenants created by an earlier release receive the built-in objects and fields added since
 * (lib/services/tenants/blueprint.ts): at start, and every 10 minutes for tenants an instance of
 * the earlier release created while a new one was being rolled out. Each tenant is upgraded in its
 * own transaction under a lock on its row, so instances running this together apply a step once.
 */
export const blueprintUpgrade = defineJob({
  name: "blueprint-upgrade",
  intervalMs: 10 * 60_000,
  timeoutMs: 5 * 60_000,
  run: async (signal) => {
    await applyBlueprintToAllTenants(console.log, signal);
  },
});
