// Runs once when the server starts: migrate, seed the demo, print how to log in.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startup } = await import("./lib/startup.ts");
  await startup();
}
