import type { NextAuthConfig } from "next-auth";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-lifetime.ts";

declare module "next-auth" {
  interface User {
    tenantId?: string;
  }
  interface Session {
    user: { id: string; tenantId: string; email: string; name: string };
  }
}

/**
 * The part of the Auth.js setup that the proxy (Next's request gate) also loads: no database,
 * no providers. The full setup with the credentials provider is in next-auth.ts.
 */
export const authConfig = {
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [],
  callbacks: {
    authorized: ({ auth }) => !!auth?.user,
    jwt({ token, user }) {
      if (user?.id && user.tenantId) {
        token.sub = user.id;
        token.tenantId = user.tenantId;
      }
      return token;
    },
    session({ session, token }) {
      session.user = { ...session.user, id: String(token.sub), tenantId: String(token.tenantId) };
      return session;
    },
  },
} satisfies NextAuthConfig;
