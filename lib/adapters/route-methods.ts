import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { publicRoute } from "./public-rate-limit.ts";
import type { RouteHandler } from "./route-handler.ts";

/** The methods a route file may export; Next answers any other with an empty 405 of its own. */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

function errorJson(status: number, err: AppError, headers: Record<string, string>): Response {
  const requestId = randomUUID();
  const { body } = toErrorBody(err, requestId);
  return Response.json(body, { status, headers: { ...headers, "X-Request-Id": requestId, "Cache-Control": "no-store" } });
}

/**
 * Every method of a route file: the given handlers, and for the others a JSON 405 whose Allow
 * lists the given ones. `export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ ... })`.
 */
export function routeMethods(handlers: Partial<Record<RouteMethod, RouteHandler>>): Record<RouteMethod, RouteHandler> {
  const allow = ROUTE_METHODS.filter((m) => handlers[m]).join(", ");
  const refuse = publicRoute(async () =>
    errorJson(405, new AppError("method_not_allowed", `Method not allowed; use ${allow}`), { Allow: allow }),
  );
  return Object.fromEntries(ROUTE_METHODS.map((m) => [m, handlers[m] ?? refuse])) as Record<RouteMethod, RouteHandler>;
}

/** Unknown paths under /api answer JSON, like every other error. */
export const routeNotFound: RouteHandler = publicRoute(async () => errorJson(404, new AppError("not_found", "Route not found"), {}));

/** Every method of a path that does not exist. */
export const notFoundRoute = Object.fromEntries(ROUTE_METHODS.map((m) => [m, routeNotFound])) as Record<RouteMethod, RouteHandler>;
