import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import type { RouteHandler } from "../route-handler.ts";

/**
 * Auth.js answers requests it does not understand with a bare string ("Bad request."); under
 * /api every error is a JSON object with `error`, so such answers are rewritten, the rest pass.
 */
export function nextAuthRoute(handler: (req: Request) => Promise<Response>): RouteHandler {
  return async (req) => {
    const res = await handler(req);
    if (res.status < 400 || res.status >= 500) return res;
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    if (parsed && typeof parsed === "object" && "error" in parsed) return new Response(text, { status: res.status, headers: res.headers });
    const message = typeof parsed === "string" && parsed.length <= 200 ? parsed : "Bad request";
    const { body } = toErrorBody(new AppError(res.status === 404 ? "not_found" : "invalid_request", message), randomUUID());
    return Response.json(body, { status: res.status, headers: { "Cache-Control": "no-store" } });
  };
}
