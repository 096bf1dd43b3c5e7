import { withTenantSql } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { placedWidgets } from "@/lib/services/widgets/placements.ts";

/** Every page: nobody frames the CRM (next.config.js sends FRAME_NOTHING for pages outside the proxy). */
export const NO_FRAMING = "frame-ancestors 'none'";
export const FRAME_NOTHING = `${NO_FRAMING}; frame-src 'none'`;
const RECORD_PAGE = /^\/records\/([a-z][a-z0-9_]{0,62})\/([0-9a-fA-F-]{36})\/?$/;

/** The path as Next routes it: percent-decoded segments (`/records/%63ontact/…` is the contact page). */
function routedPath(pathname: string): string | null {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment))
      .join("/");
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of a page behind the proxy: on a page that hosts widgets (an
 * object's record page, the dashboard) frame-src lists exactly the origins of the widgets it
 * shows; every other page frames nothing.
 */
export async function widgetPagePolicy(tenantId: string, pathname: string): Promise<string> {
  const path = routedPath(pathname);
  const record = path === null ? null : RECORD_PAGE.exec(path);
  if ((!record && path !== "/dashboard") || !isUuid(tenantId)) return FRAME_NOTHING;
  const widgets = await withTenantSql(tenantId, (tx) =>
    record ? placedWidgets(tx, tenantId, "record", record[1]) : placedWidgets(tx, tenantId, "dashboard"),
  );
  const origins = [...new Set(widgets.map((w) => w.embedOrigin))];
  return origins.length ? `${NO_FRAMING}; frame-src ${origins.join(" ")}` : FRAME_NOTHING;
}
