import { readFileSync, rmSync } from "node:fs";

/** Fails the run when the network tripwire refused anything during it (playwright.config.ts). */
export default function globalTeardown(): void {
  const log = process.env.NET_TRIPWIRE_LOG!;
  let refused = "";
  try {
    refused = readFileSync(log, "utf8");
  } catch {
    return;
  }
  rmSync(log, { force: true });
  if (refused.trim()) throw new Error(`Reached outside the loopback (tests may not):\n${refused}`);
}
