import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { mcpRoute } from "../mcp/mcp-endpoint.ts";
import type { RestCall } from "../rest/rest-handler.ts";
import { restCalls, restPathOf } from "../rest/rest-path.ts";
import type { RouteContext } from "../route-handler.ts";

export type PageHandler = (req: Request, ctx: RouteContext) => Response | Promise<Response>;
export type PageMethods = Readonly<Partial<Record<string, PageHandler>>>;

export interface ApiPage {
  /** The handlers the page's route file exports. */
  methods: PageMethods;
  /** For a REST page, the calls behind its served methods, which the layer runs without Fetch objects. */
  calls?: Readonly<Partial<Record<string, RestCall>>>;
}

/** The App Router page of a REST path, i.e. its route folder: `/{object}/{id}` → `/api/v1/[object]/[id]`. */
export const restPage = (apiPath: string): string => `/api/v1${apiPath.replace(/\{(\w+)\}/g, "[$1]")}`;

/**
 * What the route layer serves, by App Router page: every REST path of the registry and the MCP
 * endpoint, with the handlers their route files export (a REST route file is exactly
 * `restPath(<its folder's path>)`, which tests/integration/guards/routes-from-registry.test.ts holds).
 */
export function apiPages(): Map<string, ApiPage> {
  const pages = new Map<string, ApiPage>();
  for (const apiPath of new Set(HTTP_OPERATIONS.map((op) => op.http!.path))) {
    const calls = restCalls(apiPath);
    pages.set(restPage(apiPath), { methods: restPathOf(calls), calls });
  }
  pages.set("/api/mcp", { methods: mcpRoute });
  return pages;
}
