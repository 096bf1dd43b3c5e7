import type { HttpMethod } from "@/lib/operations/define.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { eventStreamRoute } from "./events-stream.ts";
import { mcpRoute } from "./mcp/mcp-endpoint.ts";
import type { RestCall } from "./rest/rest-handler.ts";
import { restCalls, restPathOf } from "./rest/rest-path.ts";
import type { RouteContext, RouteHandler } from "./route-handler.ts";
import { ROUTE_METHODS, routeNotFound, type RouteMethod } from "./route-methods.ts";

/** Where the REST operations' paths (`http.path`) are served. */
export const REST_PREFIX = "/api/v1";
export const MCP_PATH = "/api/mcp";

/** A method's handler: a route file's export (the MCP endpoint's may answer at once). */
export type ApiHandler = (req: Request, ctx: RouteContext) => Response | Promise<Response>;

/**
 * Paths under /api/v1 that are not operations and that Next serves from route files of their own
 * (documents about the API; the inbound-mail webhook, called with the platform's secret rather than
 * a credential): fixed paths the router knows so that no `{param}` route takes them.
 */
export const ROUTE_FILE_PATHS = ["/api/v1/openapi.json", "/api/v1/postman-collection.json", "/api/v1/email/inbound"];

/** One path of the API and what serves it: every method's handler, and for a REST path the calls behind them. */
export interface ApiRoute {
  /** As written in the registry, under its prefix: `/api/v1/{object}/{id}`, `/api/mcp`. */
  path: string;
  /** Served by a route file of its own (ROUTE_FILE_PATHS), which the router only keeps other routes from taking. */
  routeFile?: true;
  /** Every method (route-methods.ts): the path's own, and for the others a JSON 405 with their Allow. */
  methods: Readonly<Partial<Record<string, ApiHandler>>>;
  /** For a REST path, the calls behind its served methods, which server.mjs runs without Fetch objects. */
  calls?: Readonly<Partial<Record<HttpMethod, RestCall>>>;
}

export interface ApiMatch {
  route: ApiRoute;
  params: Record<string, string>;
}

interface Node {
  fixed: Map<string, Node>;
  param?: { name: string; node: Node };
  route?: ApiRoute;
}

const node = (): Node => ({ fixed: new Map() });

/** The events stream (Server-Sent Events): an API path, but no operation, since its answer never ends. */
export const EVENT_STREAM_PATH = "/api/v1/events/stream";

/** Every path the registry binds an operation to, the MCP endpoint and the events stream. */
function registryRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [...new Set(HTTP_OPERATIONS.map((op) => op.http!.path))].map((apiPath) => {
    const calls = restCalls(apiPath);
    return { path: REST_PREFIX + apiPath, methods: restPathOf(calls), calls };
  });
  const routeFiles = ROUTE_FILE_PATHS.map((path) => ({ path, methods: {}, routeFile: true as const }));
  return [...routes, { path: MCP_PATH, methods: mcpRoute }, { path: EVENT_STREAM_PATH, methods: eventStreamRoute }, ...routeFiles];
}

function add(root: Node, route: ApiRoute): void {
  let at = root;
  for (const segment of route.path.split("/").slice(1)) {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param) {
      if (at.param && at.param.name !== param) throw new Error(`${route.path}: {${param}} where another path has {${at.param.name}}`);
      at.param ??= { name: param, node: node() };
      at = at.param.node;
    } else {
      if (!at.fixed.has(segment)) at.fixed.set(segment, node());
      at = at.fixed.get(segment)!;
    }
  }
  if (at.route) throw new Error(`${route.path} is routed twice`);
  at.route = route;
}

/** A fixed segment before a `{param}` at every level: `/contact/bulk` is the bulk path, not the record "bulk". */
function find(at: Node, segments: string[], i: number, params: Record<string, string>): ApiRoute | undefined {
  if (i === segments.length) return at.route;
  const segment = segments[i]!;
  const fixed = at.fixed.get(segment);
  const found = fixed && find(fixed, segments, i + 1, params);
  if (found) return found;
  if (!at.param || !segment) return undefined;
  const inner = find(at.param.node, segments, i + 1, params);
  if (inner) params[at.param.name] = segment;
  return inner;
}

export interface ApiRouter {
  /**
   * The route of a path given as its decoded segments (`["api", "v1", "contact"]`), and its params;
   * undefined when none serves it. A route file's path (ROUTE_FILE_PATHS) matches with `routeFile` set.
   */
  match(segments: string[]): ApiMatch | undefined;
  routes: readonly ApiRoute[];
}

/**
 * The API's one router, built from the registry: `server.mjs` serves /api/v1 and /api/mcp through
 * it (lib/adapters/route-layer), and so does the catch-all route file Next serves them with under
 * `next dev` or API_ROUTE_LAYER=off (app/api/v1/[...path]/route.ts). A path is written once, as
 * the operation's `http.path`.
 */
export function createApiRouter(routes: ApiRoute[] = registryRoutes()): ApiRouter {
  const root = node();
  for (const route of routes) add(root, route);
  return {
    routes,
    match(segments) {
      const params: Record<string, string> = {};
      const route = find(root, segments, 0, params);
      return route && { route, params };
    },
  };
}

let shared: ApiRouter | undefined;

/** The registry's router, built on first use. */
export function apiRouter(): ApiRouter {
  return (shared ??= createApiRouter());
}

/**
 * The methods of the catch-all route file under /api/v1 (app/api/v1/[...path]/route.ts), which
 * Next serves the API with when server.mjs does not (`next dev`, API_ROUTE_LAYER=off): the
 * router's route for the path, else a JSON 404.
 */
export const apiCatchAll = Object.fromEntries(
  ROUTE_METHODS.map((method) => {
    const handler: RouteHandler = async (req, ctx) => {
      const { path = [] } = (await ctx.params) as { path?: string[] };
      const match = apiRouter().match([...REST_PREFIX.split("/").slice(1), ...path]);
      const served = match?.route.methods[method] ?? routeNotFound;
      return await served(req, { params: Promise.resolve(match?.params ?? {}) });
    };
    return [method, handler];
  }),
) as Record<RouteMethod, RouteHandler>;
