import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { mcpRoute } from "../mcp/mcp-endpoint.ts";
import { restPath } from "../rest/rest-path.ts";
import type { RouteContext } from "../route-methods.ts";

export type PageHandler = (req: Request, ctx: RouteContext) => Response | Promise<Response>;
export type PageMethods = Readonly<Partial<Record<string, PageHandler>>>;

/** The App Router page of a REST path, i.e. its route folder: `/{object}/{id}` → `/api/v1/[object]/[id]`. */
export const restPage = (apiPath: string): string => `/api/v1${apiPath.replace(/\{(\w+)\}/g, "[$1]")}`;

/**
 * What the route layer serves, by App Router page: every REST path of the registry and the MCP
 * endpoint, with the handlers their route files export (a REST route file is exactly
 * `restPath(<its folder's path>)`, which tests/integration/guards/routes-from-registry.test.ts holds).
 */
export function apiPages(): Map<string, PageMethods> {
  const pages = new Map<string, PageMethods>();
  for (const apiPath of new Set(HTTP_OPERATIONS.map((op) => op.http!.path))) pages.set(restPage(apiPath), restPath(apiPath));
  pages.set("/api/mcp", mcpRoute);
  return pages;
}
