import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/adapters/next-auth/auth-config.ts";
import { authSecret } from "@/lib/secrets.ts";
import { FRAME_NOTHING, widgetPagePolicy } from "@/lib/widgets/frame-policy.ts";

const { auth } = NextAuth({ ...authConfig, secret: authSecret() });

/**
 * Every settings, record and dashboard page needs a session: without one, the browser goes to
 * /login and comes back (as Auth.js does without a handler of ours). Pages that host widgets get a
 * Content-Security-Policy whose frame-src names exactly the origins of the widgets they show.
 */
export default auth(async (req) => {
  const tenantId = req.auth?.user?.tenantId;
  if (!tenantId) {
    const login = req.nextUrl.clone();
    login.pathname = "/login";
    login.search = "";
    login.searchParams.set("callbackUrl", req.nextUrl.href);
    return NextResponse.redirect(login);
  }
  // When the database cannot answer, the page frames nothing (and reports the outage itself).
  const policy = await widgetPagePolicy(tenantId, req.nextUrl.pathname).catch(() => FRAME_NOTHING);
  const response = NextResponse.next();
  response.headers.set("Content-Security-Policy", policy);
  return response;
});

export const config = { matcher: ["/settings/:path*", "/records/:path*", "/dashboard", "/search"] };
