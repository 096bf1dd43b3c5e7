import NextAuth from "next-auth";
import { authConfig } from "@/lib/adapters/next-auth/auth-config.ts";
import { authSecret } from "@/lib/secrets.ts";

const { auth } = NextAuth({ ...authConfig, secret: authSecret() });

// Every settings and record page needs a session: without one, the browser goes to /login and comes back.
export default auth;

export const config = { matcher: ["/settings/:path*", "/records/:path*"] };
