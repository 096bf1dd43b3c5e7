import { apiRouter, REST_PREFIX } from "@/lib/adapters/api-router.ts";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import type { RouteMethod } from "@/lib/adapters/route-methods.ts";

/**
 * Every method of one REST path as the router serves it (the registry's operations, a JSON 405 for
 * the others), for calling in-process: `const { GET: listRoute } = restRoute("/{object}")`.
 */
export function restRoute(apiPath: string): Record<RouteMethod, RouteHandler> {
  const route = apiRouter().routes.find((r) => r.path === REST_PREFIX + apiPath);
  if (!route) throw new Error(`No operation is bound to ${apiPath}`);
  return route.methods as Record<RouteMethod, RouteHandler>;
}
