import { databaseHealth } from "@/lib/db/health.ts";

// Liveness for load balancers and test runners: answers once the database is open and migrated.
export async function GET(): Promise<Response> {
  return Response.json({ ok: true, ...(await databaseHealth()) }, { headers: { "Cache-Control": "no-store" } });
}
