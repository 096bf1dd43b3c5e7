import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { authSecret } from "@/lib/secrets.ts";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { authConfig } from "./auth-config.ts";

const loginSchema = z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1024) });

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  secret: authSecret(),
  // A wrong password is an expected outcome, not a server error worth a stack trace.
  logger: {
    error(error) {
      if (error.name !== "CredentialsSignin") console.error(error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw) {
        const parsed = loginSchema.safeParse(raw);
        if (!parsed.success) return null;
        return verifyLogin(parsed.data.email, parsed.data.password);
      },
    }),
  ],
});
