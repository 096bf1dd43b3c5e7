import { query } from "@/lib/adapters/actions/session-operation.ts";
import { FIXED_SCOPES } from "@/lib/oauth/scopes.ts";
import { listApps, listInstalled, listMarketplace, listTokens } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { currentUser } from "@/lib/operations/session/current-user.ts";
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
      <p className="lead">Apps connect with OAuth and act as the person who approved them, within the scopes granted and that person&apos;s role.</p>

      <section className="panel">
        <h2>Installed in this company</h2>
        {installed.data.length === 0 ? (
          <p className="hint">No app is connected.</p>
        ) : (
          <table aria-label="Installed apps">
            <thead>
              <tr><th>App</th><th>Connected by</th><th>Scopes</th><th>Since</th><th /></tr>
            </thead>
            <tbody>
              {installed.data.map((g) => (
                <tr key={g.grantId}>
                  <td>{g.appName}</td>
                  <td>{g.userEmail}</td>
                  <td><code>{g.scopes.join(" ")}</code></td>
                  <td>{when(g.grantedAt)}</td>
                  <td>
                    {(me.isAdmin || g.userId === me.id) && <HiddenFieldButton action={uninstallAction} name="grantId" value={g.grantId} label="Uninstall" />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="panel">
        <h2>Your OAuth tokens</h2>
        {tokens.data.length === 0 ? (
          <p className="hint">No live token.</p>
        ) : (
          <table aria-label="Your OAuth tokens">
            <thead>
              <tr><th>App</th><th>Kind</th><th>Scopes</th><th>Expires</th><th /></tr>
            </thead>
            <tbody>
              {tokens.data.map((t) => (
                <tr key={t.id}>
                  <td>{t.appName}</td>
                  <td>{t.kind}</td>
                  <td><code>{t.scopes.join(" ")}</code></td>
                  <td>{when(t.expiresAt)}</td>
                  <td>
                    <HiddenFieldButton action={revokeTokenAction} name="id" value={t.id} label="Revoke" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
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
          <RegisterAppForm scopes={FIXED_SCOPES} />
          <table aria-label="Registered apps">
            <thead>
              <tr><th>App</th><th>client_id</th><th>Redirect URIs</th><th>Status</th><th /></tr>
            </thead>
            <tbody>
              {all.data.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td><code>{a.clientId}</code></td>
                  <td><code>{a.redirectUris.join(" ")}</code></td>
                  <td>{a.published ? "published" : "draft"}</td>
                  <td><PublishAppButton id={a.id} name={a.name} published={a.published} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
