import type { SqlTx } from "@/lib/db/tenant.ts";
import type { PlacedWidget, WidgetLocation } from "@/lib/schemas/widgets.ts";
import { CONSENT_LIFETIME_MS } from "@/lib/services/oauth/grants.ts";
import { isCrmOrigin } from "./declarations.ts";

interface PlacementRow extends Omit<PlacedWidget, "embedOrigin"> {
  allowedOrigins: string[];
}

/**
 * The widgets this tenant's page at `location` shows: those of published apps that an admin of the
 * tenant installed with `widgets:embed` granted (the oldest live, unexpired admin grant is the
 * install; a member's consent places nothing on everyone's pages), for record pages only those
 * whose object filter admits the object. Uninstalling (revoking the grant), the admin's
 * deactivation or demotion, or an origin taken off the app's allowlist removes the widget from
 * the next page load on.
 */
export async function placedWidgets(
  tx: SqlTx,
  tenantId: string,
  location: WidgetLocation,
  objectApiName?: string,
): Promise<PlacedWidget[]> {
  const rows = await tx.$queryRaw<PlacementRow[]>`
    SELECT w.id::text, w.app_id::text AS "appId", w.key, w.title, w.location, w.embed_url AS "embedUrl", w.objects,
           a.name AS "appName", a.allowed_origins AS "allowedOrigins", install.id::text AS "installId"
    FROM oauth_app_widget w
    JOIN oauth_app a ON a.id = w.app_id AND a.published_at IS NOT NULL
    JOIN LATERAL (
      SELECT g.id FROM oauth_grant g
      JOIN app_user u ON u.tenant_id = g.tenant_id AND u.id = g.user_id AND u.active
      JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id AND r.key = 'admin'
      WHERE g.tenant_id = ${tenantId}::uuid AND g.app_id = a.id AND g.revoked_at IS NULL AND 'widgets:embed' = ANY (g.scopes)
        AND g.consented_at > ${new Date(Date.now() - CONSENT_LIFETIME_MS)}
      ORDER BY g.created_at, g.id LIMIT 1
    ) install ON true
    WHERE w.location = ${location}
      AND (${objectApiName ?? null}::text IS NULL OR cardinality(w.objects) = 0 OR ${objectApiName ?? null}::text = ANY (w.objects))
    ORDER BY a.name, w.title, w.id`;
  return rows.flatMap(({ allowedOrigins, ...w }) => {
    const url = new URL(w.embedUrl);
    return allowedOrigins.includes(url.origin) && !isCrmOrigin(url) ? [{ ...w, embedOrigin: url.origin }] : [];
  });
}
