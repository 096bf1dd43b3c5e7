import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import type pg from "pg";
import { derivedSecret } from "@/lib/secrets.ts";
import { APP_ROLE } from "./config.ts";

/**
 * Without APP_DATABASE_URL, requests log in as crm_app itself (never as the owner switched to it:
 * a session that logged in as a superuser can always SET ROLE back). Its password derives from
 * AUTH_SECRET, so every instance sharing the secret connects the same way; crm_app is one role for
 * the whole cluster, so instances sharing a cluster must share AUTH_SECRET (or use APP_DATABASE_URL).
 */
export const appRolePassword = (): string => derivedSecret(`database password of ${APP_ROLE}`);

/**
 * PostgreSQL's SCRAM-SHA-256 verifier of a password (RFC 5802, RFC 7677): ALTER ROLE stores it
 * as given, so only the verifier crosses the wire and reaches the server's statement log. For
 * ASCII passwords (ours are base64url), which SASLprep leaves unchanged.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  const hmac = (text: string) => createHmac("sha256", salted).update(text).digest();
  const storedKey = createHash("sha256").update(hmac("Client Key")).digest();
  const serverKey = hmac("Server Key");
  return `SCRAM-SHA-256$${iterations}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

/** Serializes instances that start together: concurrent ALTER ROLE of one role can fail. */
const APP_LOGIN_LOCK = 72707370;

/** Lets crm_app log in with `password`; run on the owner's connection at every start. */
export async function grantAppLogin(owner: pg.Client, password: string): Promise<void> {
  try {
    await owner.query(
      `BEGIN; SELECT pg_advisory_xact_lock(${APP_LOGIN_LOCK}); ALTER ROLE ${APP_ROLE} LOGIN PASSWORD '${scramVerifier(password)}'; COMMIT`,
    );
  } catch (err) {
    await owner.query("ROLLBACK").catch(() => undefined);
    if ((err as { code?: unknown }).code === "42501") {
      throw new Error(
        `The DATABASE_URL role may not let ${APP_ROLE} log in (ALTER ROLE needs superuser or CREATEROLE): grant it that right, or set APP_DATABASE_URL to a login role for requests`,
        { cause: err },
      );
    }
    throw err;
  }
}

/**
 * The owner's URL logging in as crm_app. User and password go in query parameters, which
 * node-postgres prefers to the URL's user part and which also work for socket URLs without a host.
 */
export function appLoginUrl(ownerUrl: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = "";
  url.password = "";
  url.searchParams.set("user", APP_ROLE);
  url.searchParams.set("password", password);
  return url.toString();
}
