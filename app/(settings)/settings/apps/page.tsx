import { query } from "@/lib/adapters/actions/session-operation.ts";
import { FIXED_SCOPES, isDeleteScope } from "@/lib/oauth/scopes.ts";
import { listApps, listInstalled, listMarketplace, listTokens } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { currentUser } from "@/lib/operations/session/current-user.ts";
import { DataTable } from "@/components/settings/data-table.tsx";
import { HiddenFieldButton } from "@/components/settings/hidden-field-button.tsx";
import { PublishAppButton } from "@/components/settings/publish-app-button.tsx";
import { RegisterAppForm } from "@/components/settings/register-app-form.tsx";
import { revokeTokenAction, uninstallAction } from "./actions.ts";

export const metadata = { title: "Apps" };

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

export default async function AppsPage() {
  const me = await query(currentUser, {});
  const [marketplace, installed, tokens, all] = await Promise.all([
    query(listMarketplace, {}),
    query(listInstalled, {}),
    query(listTokens, {}),
    me.isPlatformAdmin ? query(listApps, {}) : Promise.resolve(null),
  ]);
  return (
    <>
      <h1>Apps</h1>
      <p className="lead">
        Apps connect with OAuth and act as the person who approved them, within the scopes granted and that person&apos;s role.
      </p>

      <section className="panel">
        <h2>Installed in this company</h2>
        <DataTable
          label="Installed apps"
          empty="No app is connected."
          columns={["App", "Connected by", "Scopes", "Since", ""]}
          rows={installed.data.map((g) => ({
            key: g.grantId,
            cells: [
              g.appName,
              g.userEmail,
              <code key="s">{g.scopes.join(" ")}</code>,
              when(g.grantedAt),
              (me.isAdmin || g.userId === me.id) && (
                <HiddenFieldButton action={uninstallAction} name="grantId" value={g.grantId} label="Uninstall" />
              ),
            ],
          }))}
        />
      </section>

      <section className="panel">
        <h2>Your OAuth tokens</h2>
        <DataTable
          label="Your OAuth tokens"
          empty="No live token."
          columns={["App", "Kind", "Scopes", "Expires", ""]}
          rows={tokens.data.map((t) => ({
            key: t.id,
            cells: [
              t.appName,
              t.kind,
              <code key="s">{t.scopes.join(" ")}</code>,
              when(t.expiresAt),
              <HiddenFieldButton action={revokeTokenAction} name="id" value={t.id} label="Revoke" />,
            ],
          }))}
        />
      </section>

      <section className="panel">
        <h2>Marketplace</h2>
        <ul className="stack" aria-label="Marketplace">
          {marketplace.data.map((a) => (
            <li key={a.id}>
              <strong>{a.name}</strong> — {a.description} <code>{a.scopes.join(" ")}</code>
            </li>
          ))}
        </ul>
      </section>

      {all && (
        <section className="panel">
          <h2>Platform: registered apps</h2>
          {/* Deleting is opt-in for apps as for keys: the admin adds records:delete or activities:delete when the app needs it. */}
          <RegisterAppForm scopes={FIXED_SCOPES.filter((s) => !isDeleteScope(s))} />
          <DataTable
            label="Registered apps"
            columns={["App", "client_id", "Redirect URIs", "Status", ""]}
            rows={all.data.map((a) => ({
              key: a.id,
              cells: [
                a.name,
                <code key="c">{a.clientId}</code>,
                <code key="r">{a.redirectUris.join(" ")}</code>,
                a.published ? "published" : "draft",
                <PublishAppButton id={a.id} name={a.name} published={a.published} />,
              ],
            }))}
          />
        </section>
      )}
    </>
  );
}
