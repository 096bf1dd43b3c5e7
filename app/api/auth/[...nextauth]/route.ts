import type { NextRequest } from "next/server";
import { nextAuthRoute } from "@/lib/adapters/next-auth/next-auth-route.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { handlers } from "@/lib/adapters/next-auth/next-auth.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute(nextAuthRoute((req) => handlers.GET(req as NextRequest))),
  POST: publicRoute(nextAuthRoute((req) => handlers.POST(req as NextRequest))),
});
