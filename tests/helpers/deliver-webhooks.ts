import { withPlatformSql } from "@/lib/db/tenant.ts";
import { dispatchOnce, settleDeliveries } from "@/lib/services/webhooks/dispatch.ts";

/** Whether any tenant has events waiting or attempts queued (what the dispatcher looks for). */
export const webhookWorkLeft = async (): Promise<boolean> =>
  (await withPlatformSql(async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM jobs_webhook_tenants(1)`))[0]!.n > 0;

/** Runs the dispatcher until nothing is left to claim or send, and the results are written. */
export async function deliverWebhooks(): Promise<void> {
  for (let round = 0; round < 100; round++) {
    while ((await dispatchOnce()) === "more");
    await settleDeliveries();
    if (!(await webhookWorkLeft())) return;
  }
  throw new Error("the dispatcher did not drain");
}
