import type { NextRequest } from "next/server";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { handlers } from "@/lib/auth/next-auth.ts";

// Next hands route handlers a NextRequest; the other methods answer a JSON 405.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: (req) => handlers.GET(req as NextRequest), POST: (req) => handlers.POST(req as NextRequest) });
