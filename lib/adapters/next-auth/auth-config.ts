import type { NextAuthConfig } from "next-auth";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-lifetime.ts";

declare module "next-auth" {
  interface User {
    tenantId?: string;
    sessionVersion?: number;
  }
  interface Session {
    user: { id: string; tenantId: string; email: string; name: string; sessionVersion: number };
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
      // Only at sign-in: the version is the user's then, and nothing a browser sends can change it
      // (an update of the session keeps the token as it was signed).
      if (user?.id && user.tenantId) {
        token.sub = user.id;
        token.tenantId = user.tenantId;
        token.sv = user.sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      session.user = {
        ...session.user,
        id: String(token.sub),
        tenantId: String(token.tenantId),
        sessionVersion: typeof token.sv === "number" ? token.sv : 0,
      };
      return session;
    },
  },
} satisfies NextAuthConfig;
