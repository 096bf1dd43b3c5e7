import { createHash, timingSafeEqual } from "node:crypto";

/** RFC 7636 4.1: 43 to 128 characters of the unreserved set. The challenge (S256) is 43 base64url characters. */
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 4.2. */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Whether the verifier is well-formed and hashes to the challenge (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
