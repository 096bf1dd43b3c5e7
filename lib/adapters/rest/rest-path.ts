import type { HttpMethod } from "@/lib/operations/define.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { routeMethods, type RouteHandler } from "../route-methods.ts";
import { rest } from "./rest-handler.ts";

/**
 * Every method of one API path, from the registry: each operation bound to `path` serves its
 * method, the others answer 405 with an Allow that lists exactly those. A route file is one line:
 * `export const { GET, POST, PUT, PATCH, DELETE } = restPath("/{object}/{id}")`.
 */
export function restPath(path: string) {
  const ops = HTTP_OPERATIONS.filter((op) => op.http!.path === path);
  if (!ops.length) throw new Error(`No operation is bound to ${path}; check the route folder against the operations' http.path`);
  const handlers: Partial<Record<HttpMethod, RouteHandler>> = {};
  for (const op of ops) {
    const method = op.http!.method;
    if (handlers[method]) throw new Error(`${method} ${path} is bound to two operations`);
    handlers[method] = rest(op);
  }
  return routeMethods(handlers);
}
