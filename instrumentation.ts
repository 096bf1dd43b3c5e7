// Runs once when the server starts: migrate, seed the demo, print how to log in.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startup } = await import("./lib/startup.ts");
  const { publishApiDispatcher } = await import("./lib/adapters/route-layer/publish-dispatcher.ts");
  // Requests wait for register() and Next keeps its outcome: a rejection would answer 500 for
  // good, and waiting for a database that is down would hang every request. So wait for a normal
  // start to finish, but once an attempt fails, return and let start-up retry in the background
  // (requests answer 503 until it has opened the database).
  await startup().firstAttempt;
  // Only now, so that requests reach the API route layer (server.mjs) when Next would let them through.
  publishApiDispatcher();
}
