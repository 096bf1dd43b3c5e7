import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * What `next start` does with a path before a route handler sees it, read from the build's own
 * manifests (the files `next start` routes with), so the route layer takes exactly the route
 * Next would and steps aside wherever Next would do something else first.
 */
export interface NextRouting {
  /** The page Next serves this plain path with and its params, or undefined when Next does more first (redirect, rewrite, proxy). */
  match(pathname: string): RouteMatch | undefined;
  /** The headers Next sets on the answer before the handler's own: next.config.js `headers()` and the App Router's Vary. */
  headers(pathname: string): [string, string][];
}

export interface RouteMatch {
  page: string;
  params: Record<string, string>;
}

const withRegex = z.object({ regex: z.string() });
const routesManifest = z.object({
  basePath: z.string(),
  staticRoutes: z.array(z.object({ page: z.string() })),
  // Sorted as Next tries them: static segments before dynamic ones, catch-alls last.
  dynamicRoutes: z.array(z.object({ page: z.string(), regex: z.string() })),
  headers: z.array(
    withRegex.extend({
      headers: z.array(z.object({ key: z.string(), value: z.string() })),
      has: z.array(z.unknown()).optional(),
      missing: z.array(z.unknown()).optional(),
    }),
  ),
  onMatchHeaders: z.array(withRegex).default([]),
  redirects: z.array(withRegex),
  rewrites: z.union([
    z.array(withRegex),
    z.object({ beforeFiles: z.array(withRegex), afterFiles: z.array(withRegex), fallback: z.array(withRegex) }),
  ]),
  rsc: z.object({ varyHeader: z.string() }),
});
const proxyManifest = z.object({
  // A proxy (middleware) without matchers runs for every path.
  functions: z.record(z.string(), z.object({ matchers: z.array(z.object({ regexp: z.string() })).default([{ regexp: "" }]) })),
});
const middlewareManifest = z.object({
  middleware: z.record(z.string(), z.object({ matchers: z.array(z.object({ regexp: z.string() })).default([{ regexp: "" }]) })),
});

function readJson<T>(file: string, schema: z.ZodType<T>, fallback?: T): T {
  if (!existsSync(file) && fallback !== undefined) return fallback;
  return schema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** `[object]`, `[...path]`, `[[...path]]` → their names, in the order the page's regex captures them. */
const paramNames = (page: string): string[] => [...page.matchAll(/\[{1,2}(?:\.\.\.)?(\w+)\]{1,2}/g)].map((m) => m[1]!);

/** The routing facts of the build in `distDir` (`.next`). */
export function nextRouting(distDir: string): NextRouting {
  const routes = readJson(path.join(distDir, "routes-manifest.json"), routesManifest);
  if (routes.basePath) throw new Error("the API route layer does not support a basePath");
  const proxies = readJson(path.join(distDir, "server", "functions-config-manifest.json"), proxyManifest, { functions: {} });
  const middleware = readJson(path.join(distDir, "server", "middleware-manifest.json"), middlewareManifest, { middleware: {} });
  const rewrites = Array.isArray(routes.rewrites)
    ? routes.rewrites
    : [...routes.rewrites.beforeFiles, ...routes.rewrites.afterFiles, ...routes.rewrites.fallback];
  // Anything Next may do before or instead of routing: the layer leaves those paths to Next.
  const intercepted = [
    ...routes.redirects.map((r) => r.regex),
    ...rewrites.map((r) => r.regex),
    ...routes.onMatchHeaders.map((r) => r.regex),
    ...routes.headers.filter((h) => h.has || h.missing).map((h) => h.regex),
    ...[...Object.values(proxies.functions), ...Object.values(middleware.middleware)].flatMap((f) => f.matchers.map((m) => m.regexp)),
  ].map((source) => new RegExp(source));
  const staticPages = new Set(routes.staticRoutes.map((r) => r.page));
  const dynamicPages = routes.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex), names: paramNames(r.page) }));
  const headerRules = routes.headers.filter((h) => !h.has && !h.missing).map((h) => ({ regex: new RegExp(h.regex), headers: h.headers }));

  return {
    match(pathname) {
      if (intercepted.some((r) => r.test(pathname))) return undefined;
      if (staticPages.has(pathname)) return { page: pathname, params: {} };
      for (const route of dynamicPages) {
        const found = route.regex.exec(pathname);
        if (!found) continue;
        const params: Record<string, string> = {};
        route.names.forEach((name, i) => {
          if (found[i + 1] !== undefined) params[name] = found[i + 1]!;
        });
        return { page: route.page, params };
      }
      return undefined;
    },
    headers(pathname) {
      // Rules apply in order, a later one replacing an earlier one's header of the same name.
      const set = new Map<string, [string, string]>();
      for (const rule of headerRules) {
        if (rule.regex.test(pathname)) for (const { key, value } of rule.headers) set.set(key.toLowerCase(), [key, value]);
      }
      return [...set.values(), ["vary", routes.rsc.varyHeader]];
    },
  };
}
