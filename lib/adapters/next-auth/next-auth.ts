import NextAuth, { AuthError } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { authSecret } from "@/lib/secrets.ts";
import { requestOrigin } from "@/lib/adapters/rest/client-ip.ts";
import { verifyLogin, type LoginRefusal } from "@/lib/services/auth/verify-login.ts";
import { authConfig } from "./auth-config.ts";

const loginSchema = z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1024) });

/** JSON quoting, plus the line breaks JSON leaves alone (NEL and other C1 controls, U+2028, U+2029). */
const quoted = (s: string): string =>
  JSON.stringify(s).replace(/[\u0080-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * A refused sign-in is an expected outcome, logged as one line where its reason is known (never the
 * password); whatever was typed as the email cannot start a line of its own.
 */
function logRefusedLogin(email: unknown, reason: LoginRefusal | "incomplete form"): void {
  console.warn(`login failed for ${quoted(typeof email === "string" ? email.slice(0, 320) : "")}: ${reason}`);
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  secret: authSecret(),
  logger: {
    // Auth.js reports each refused sign-in again as a CredentialsSignin error with a stack trace.
    // Its `type` survives minification (the class name does not).
    error(error) {
      if (!(error instanceof AuthError && error.type === "CredentialsSignin")) console.error(error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = loginSchema.safeParse(raw);
        if (!parsed.success) {
          logRefusedLogin(raw.email, "incomplete form");
          return null;
        }
        const outcome = await verifyLogin(parsed.data.email, parsed.data.password, requestOrigin(request.headers));
        if ("refused" in outcome) {
          logRefusedLogin(parsed.data.email, outcome.refused);
          return null;
        }
        return outcome.user;
      },
    }),
  ],
});
