import type { HttpMethod } from "@/lib/operations/define.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import type { RouteHandler } from "../route-handler.ts";
import { routeMethods } from "../route-methods.ts";
import { fetchHandler, restCall, type RestCall } from "./rest-handler.ts";

/**
 * Every method of one API path (api-router.ts) whose served methods are `calls`: the others answer
 * 405 with an Allow that lists exactly those.
 */
export function restPathOf(calls: Partial<Record<HttpMethod, RestCall>>) {
  const handlers: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const [method, call] of Object.entries(calls)) handlers[method as HttpMethod] = fetchHandler(call);
  return routeMethods(handlers);
}

/** The REST calls bound to one API path, by method: what its route file serves, before Fetch. */
export function restCalls(path: string): Partial<Record<HttpMethod, RestCall>> {
  const ops = HTTP_OPERATIONS.filter((op) => op.http!.path === path);
  if (!ops.length) throw new Error(`No operation is bound to ${path}; check the route folder against the operations' http.path`);
  const calls: Partial<Record<HttpMethod, RestCall>> = {};
  for (const op of ops) {
    const method = op.http!.method;
    if (calls[method]) throw new Error(`${method} ${path} is bound to two operations`);
    calls[method] = restCall(op);
  }
  return calls;
}
