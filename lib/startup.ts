import { openDatabase, setDatabase, setDatabaseNotReady } from "@/lib/db/client.ts";
import { retryUntilDone } from "@/lib/db/retry-until-done.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { startBackgroundJobs } from "@/lib/jobs/background-jobs.ts";
import { inboundSecretProblem } from "@/lib/services/email/mail-config.ts";
import { seedDemo } from "@/lib/services/tenants/seed-demo.ts";
import { parseAllowNetworks } from "@/lib/net/destination.ts";

/**
 * WEBHOOK_ALLOW_NETWORKS widens where webhooks may deliver, so it is said at start, and a
 * malformed value stops the server rather than being half applied.
 */
function announceWebhookNetworks(): void {
  const value = process.env.WEBHOOK_ALLOW_NETWORKS;
  try {
    if (parseAllowNetworks(value).length) console.log(`Webhooks may also deliver to ${value} (WEBHOOK_ALLOW_NETWORKS).`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

/** Settings that cannot work stop the start with a line naming the variable, instead of failing requests later. */
function refuseUnusableSettings(): void {
  const problem = inboundSecretProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

export interface Startup {
  /** Settles once the database is open and the demo seeded. Never rejects: failures are retried. */
  done: Promise<void>;
  /** Settles when `done` does or when the first attempt of a step has failed, whichever comes first. */
  firstAttempt: Promise<void>;
}

/**
 * Opens (and migrates) the database, starts the background jobs unless JOBS=off (among them the
 * built-in blueprint's upgrade of existing tenants), seeds the demo
 * unless SEED_DEMO=false, and says how to log in. Each step is retried until it succeeds, so a
 * server started while the database is down serves as soon as it returns; until it is open,
 * requests fail at once with 503.
 */
export function startup(): Startup {
  refuseUnusableSettings();
  announceWebhookNetworks();
  let firstFailure!: () => void;
  const failed = new Promise<void>((resolve) => (firstFailure = resolve));
  setDatabaseNotReady("start-up is opening it");
  const done = (async () => {
    const db = await retryUntilDone("database start-up", () => openDatabase(), {
      onFailure: (attempt, reason) => {
        setDatabaseNotReady(`start-up attempt ${attempt} failed (${reason})`);
        firstFailure();
      },
    });
    setDatabase(Promise.resolve(db));
    console.log(`Database ready (${db.engine}), migrations applied.`);
    startBackgroundJobs();
    if (process.env.SEED_DEMO === "false") return;
    const demo = await retryUntilDone("demo seed", () => seedDemo(), { onFailure: () => firstFailure() });
    const base = publicBaseUrl();
    console.log(`Log in at ${base}/login as ${demo.email} with password ${demo.password}`);
    console.log(`Demo API key: ${demo.apiKey}`);
    console.log(`Try: curl -H "Authorization: Bearer ${demo.apiKey}" ${base}/api/v1/objects`);
    console.log(
      `Sample OAuth app: CRM_URL=${base} CLIENT_ID=${demo.sampleApp.clientId} CLIENT_SECRET=${demo.sampleApp.clientSecret} npx tsx examples/oauth-sample-app/server.ts`,
    );
    console.log(
      `Widget sample app: CRM_URL=${base} CLIENT_ID=${demo.widgetApp.clientId} CLIENT_SECRET=${demo.widgetApp.clientSecret} npx tsx examples/widget-sample-app/server.ts`,
    );
  })();
  return { done, firstAttempt: Promise.race([done, failed]) };
}
