import { getDatabase } from "@/lib/db/client.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { seedDemo } from "@/lib/services/tenants/seed-demo.ts";

/** Opens (and migrates) the database, seeds the demo unless SEED_DEMO=false, and says how to log in. */
export async function startup(): Promise<void> {
  const db = await getDatabase();
  console.log(`Database ready (${db.engine}), migrations applied.`);
  if (process.env.SEED_DEMO === "false") return;
  const demo = await seedDemo();
  const base = publicBaseUrl();
  console.log(`Log in at ${base}/login as ${demo.email} with password ${demo.password}`);
  console.log(`Demo API key: ${demo.apiKey}`);
  console.log(`Try: curl -H "Authorization: Bearer ${demo.apiKey}" ${base}/api/v1/objects`);
  console.log(
    `Sample OAuth app: CRM_URL=${base} CLIENT_ID=${demo.sampleApp.clientId} CLIENT_SECRET=${demo.sampleApp.clientSecret} npx tsx examples/oauth-sample-app/server.ts`,
  );
}
