import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { databaseHealth } from "@/lib/db/health.ts";

// Liveness for load balancers and test runners: answers once the database is open and migrated.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => Response.json({ ok: true, ...(await databaseHealth()) }, { headers: { "Cache-Control": "no-store" } }),
});
