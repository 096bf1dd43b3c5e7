import { withTenantSql } from "@/lib/db/tenant.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { placedWidgets } from "@/lib/services/widgets/placements.ts";

/** Every page: nobody frames the CRM (also sent by next.config.js for pages outside the proxy). */
export const NO_FRAMING = "frame-ancestors 'none'";
export const FRAME_NOTHING = `${NO_FRAMING}; frame-src 'none'`;
const RECORD_PAGE = /^\/records\/([a-z][a-z0-9_]{0,62})\/([0-9a-fA-F-]{36})\/?$/;

/**
 * The Content-Security-Policy of a page that hosts widgets: frame-src lists exactly the origins of
 * the widgets it shows (the record page of an object, the dashboard), 'none' when it shows none.
 * Other pages get no frame-src of their own: they host no frame. Null: not a widget page.
 */
export async function widgetPagePolicy(tenantId: string, pathname: string): Promise<string | null> {
  const record = RECORD_PAGE.exec(pathname);
  if (!record && pathname !== "/dashboard") return null;
  if (!isUuid(tenantId)) return FRAME_NOTHING;
  const widgets = await withTenantSql(tenantId, (tx) =>
    record ? placedWidgets(tx, tenantId, "record", record[1]) : placedWidgets(tx, tenantId, "dashboard"),
  );
  const origins = [...new Set(widgets.map((w) => w.embedOrigin))];
  return origins.length ? `${NO_FRAMING}; frame-src ${origins.join(" ")}` : FRAME_NOTHING;
}
