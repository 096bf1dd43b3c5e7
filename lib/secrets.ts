import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "@/lib/data-dir.ts";

/**
 * AUTH_SECRET signs session cookies. Production sets it in the environment (the same value on
 * every instance); a single local instance generates one into the git-ignored data directory.
 */
export function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const dir = dataDir();
  const file = path.join(dir, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

/**
 * A secret for one purpose, derived from AUTH_SECRET: the same on every instance that shares it,
 * and telling nothing about AUTH_SECRET or the secrets of other purposes.
 */
export function derivedSecret(purpose: string): string {
  return createHmac("sha256", authSecret()).update(purpose).digest("base64url");
}
