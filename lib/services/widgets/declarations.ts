import { publicBaseUrl } from "@/lib/config.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { AppError, invalid, notFound } from "@/lib/errors/app-error.ts";
import { isLoopbackHost, type DeclaredWidget, type WidgetDeclaration } from "@/lib/schemas/widgets.ts";

const WIDGET_COLUMNS = Prisma.raw(`id::text, app_id::text AS "appId", key, title, location, embed_url AS "embedUrl", objects`);
export const MAX_WIDGETS_PER_APP = 20;

/**
 * Whether an embed origin is the CRM itself: the same scheme and port on the same host name (with or
 * without its trailing dot), or on another name of loopback (localhost, 127.0.0.2, [::1] are
 * different origins to a browser but the same server here).
 */
export function isCrmOrigin(origin: URL, crm = new URL(publicBaseUrl())): boolean {
  const host = (u: URL) => u.hostname.toLowerCase().replace(/\.$/, "");
  const port = (u: URL) => u.port || (u.protocol === "https:" ? "443" : "80");
  if (origin.protocol !== crm.protocol || port(origin) !== port(crm)) return false;
  // The same name (a trailing dot is the same name), or two names of this machine's loopback.
  return host(origin) === host(crm) || (isLoopbackHost(origin.hostname) && isLoopbackHost(crm.hostname));
}

const embedRefusal = (message: string) => invalid(`embedUrl ${message}`, [{ path: "embedUrl", message }]);

/** Declares a widget of an app (platform admins): its embed origin must be on the app's allowlist, and foreign. */
export async function declareWidget(tx: SqlTx, input: WidgetDeclaration): Promise<DeclaredWidget> {
  // The app's row is locked so that concurrent declarations count against the cap one at a time.
  const [app] = await tx.$queryRaw<{ allowed_origins: string[] }[]>`
    SELECT allowed_origins FROM oauth_app WHERE id = ${input.appId}::uuid FOR UPDATE`;
  if (!app) throw notFound(`App '${input.appId}'`);
  const url = new URL(input.embedUrl);
  if (isCrmOrigin(url)) throw embedRefusal("must not be on the CRM's own origin: widgets run on the app's origin, sandboxed from the CRM");
  if (!app.allowed_origins.includes(url.origin))
    throw embedRefusal(
      `must be on the app's origin allowlist (${url.origin} is not; allowed: ${app.allowed_origins.join(", ") || "none"})`,
    );
  if (input.location === "dashboard" && input.objects.length)
    throw invalid("objects apply to record widgets only", [{ path: "objects", message: "apply to record widgets only" }]);
  const [{ count }] = await tx.$queryRaw<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM oauth_app_widget WHERE app_id = ${input.appId}::uuid`;
  if (count >= MAX_WIDGETS_PER_APP) throw invalid(`An app declares at most ${MAX_WIDGETS_PER_APP} widgets`);
  const rows = await tx.$queryRaw<DeclaredWidget[]>`
    INSERT INTO oauth_app_widget (id, app_id, key, title, location, embed_url, objects)
    VALUES (gen_random_uuid(), ${input.appId}::uuid, ${input.key}, ${input.title}, ${input.location}, ${url.href}, ${[...new Set(input.objects)]}::text[])
    ON CONFLICT (app_id, key) DO NOTHING RETURNING ${WIDGET_COLUMNS}`;
  if (!rows[0])
    throw new AppError("conflict", `The app already has a widget with the key '${input.key}'`, [
      { path: "key", message: "is taken by another widget of this app" },
    ]);
  return rows[0];
}

/** Every widget each app declares (platform admins), by key. */
export async function listDeclaredWidgets(tx: SqlTx): Promise<DeclaredWidget[]> {
  return tx.$queryRaw<DeclaredWidget[]>`SELECT ${WIDGET_COLUMNS} FROM oauth_app_widget ORDER BY key, id`;
}

/** Removes a declaration; what it was (its key and app) goes to the audit log. */
export async function removeWidget(tx: SqlTx, id: string): Promise<{ key: string; appId: string }> {
  const [removed] = await tx.$queryRaw<{ key: string; appId: string }[]>`
    DELETE FROM oauth_app_widget WHERE id = ${id}::uuid RETURNING key, app_id::text AS "appId"`;
  if (!removed) throw notFound(`Widget '${id}'`);
  return removed;
}
