import path from "node:path";
import { dataDir } from "@/lib/data-dir.ts";

/** Which engine the app runs on, read once from the environment. */
export type DbConfig =
  | { engine: "pglite"; dataDir: string }
  | { engine: "postgres"; ownerUrl: string; appUrl?: string };

export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  if (env.DATABASE_URL) {
    return { engine: "postgres", ownerUrl: env.DATABASE_URL, appUrl: env.APP_DATABASE_URL || undefined };
  }
  return { engine: "pglite", dataDir: env.PGLITE_DATA_DIR || path.join(dataDir(), "pglite") };
}

/** The role every request runs as: no superuser, no BYPASSRLS, owns nothing (see the RLS migration). */
export const APP_ROLE = "crm_app";
