import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pgliteExtensions } from "./pglite-extensions.mjs";

/** PGlite on the calling thread, for scripts and test set-up; the app's database runs it on a thread of its own (pglite-thread.ts). */
export async function openPglite(dataDirOrUrl: string, options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  if (!dataDirOrUrl.includes("://")) await mkdir(path.dirname(path.resolve(dataDirOrUrl)), { recursive: true });
  const db = new PGlite(dataDirOrUrl, { ...options, extensions: pgliteExtensions });
  await db.waitReady;
  return db;
}
