import Link from "next/link";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { FIXED_SCOPES, isDeleteScope } from "@/lib/oauth/scopes.ts";
import { listAppsOp, listInstalledOp, listMarketplaceOp, listTokensOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { listWidgetsOp } from "@/lib/operations/widgets/manage-widgets.ts";
import { agentConnectionsSettingOp } from "@/lib/operations/oauth-apps/agent-connections.ts";
import { AgentConnectionsToggle } from "@/components/settings/agent-connections-toggle.tsx";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { DataTable } from "@/components/ui/data-table.tsx";
import { HiddenFieldButton } from "@/components/ui/hidden-field-button.tsx";
import { PublishAppButton } from "@/components/settings/publish-app-button.tsx";
import { RegisterAppForm } from "@/components/settings/register-app-form.tsx";
import { DeclareWidgetForm } from "@/components/settings/declare-widget-form.tsx";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";
import {
  declareWidgetAction,
  publishAppAction,
  registerAppAction,
  removeWidgetAction,
  revokeTokenAction,
  setAgentConnectionsAction,
  uninstallAction,
} from "./actions.ts";
import { utcMinute } from "@/components/utc-minute.ts";

export const metadata = { title: "Apps" };

/** An app's name, and for admins the link to its request log. */
function AppName({ grant, withRequests }: { grant: { appId: string; appName: string }; withRequests: boolean }) {
  if (!withRequests) return grant.appName;
  return (
    <>
      {grant.appName} ·{" "}
      <Link href={`/settings/apps/${grant.appId}/requests`} aria-label={`Requests of ${grant.appName}`}>
        Requests
      </Link>
    </>
  );
}

export default async function AppsPage() {
  const me = await query(currentUserOp, {});
  const [marketplace, connected, tokens, agentSetting, all, widgets] = await Promise.all([
    query(listMarketplaceOp, {}),
    query(listInstalledOp, {}),
    query(listTokensOp, {}),
    query(agentConnectionsSettingOp, {}),
    me.isPlatformAdmin ? query(listAppsOp, {}) : Promise.resolve(null),
    me.isPlatformAdmin ? query(listWidgetsOp, {}) : Promise.resolve(null),
  ]);
  const appName = new Map(all?.data.map((a) => [a.id, a.name]));
  const installed = connected.data.filter((g) => g.kind === "app");
  // Agents are listed per person: your own, or everyone's for an admin.
  const agents = connected.data.filter((g) => g.kind === "agent" && (me.isAdmin || g.userId === me.id));
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
          rows={installed.map((g) => ({
            key: g.grantId,
            cells: [
              <AppName key="n" grant={g} withRequests={me.isAdmin} />,
              g.userEmail,
              <code key="s">{g.scopes.join(" ")}</code>,
              utcMinute(g.grantedAt),
              (me.isAdmin || g.userId === me.id) && (
                <HiddenFieldButton
                  action={uninstallAction}
                  name="grantId"
                  value={g.grantId}
                  label="Uninstall"
                  accessibleName={`Uninstall ${g.appName} for ${g.userEmail}`}
                  question={`Uninstall ${g.appName} for ${g.userEmail}? Its tokens stop working at once.`}
                />
              ),
            ],
          }))}
        />
      </section>

      <section className="panel stack" aria-labelledby="agents-title">
        <h2 id="agents-title">Agent connections</h2>
        <p className="hint">
          AI agents (MCP hosts such as Claude Code, VS Code or Claude Desktop) can connect themselves over OAuth: they register, you sign in
          and approve. They are marked unverified, may only read and change records, activities and objects, and act as the person who
          approved them. Connections nobody uses for 30 days are removed.
        </p>
        <AgentConnectionsToggle
          allowed={agentSetting.allowed}
          canChange={me.isAdmin}
          setAgentConnectionsAction={setAgentConnectionsAction}
        />
        <DataTable
          label="Connected agents"
          empty={me.isAdmin ? "No agent is connected." : "You have connected no agent."}
          columns={["Agent", "Connected by", "Registered", "Scopes", "Since", ""]}
          rows={agents
            .sort((x, y) => x.userEmail.localeCompare(y.userEmail) || x.appName.localeCompare(y.appName))
            .map((g) => ({
              key: g.grantId,
              cells: [
                <span key="n">
                  <AppName grant={g} withRequests={me.isAdmin} /> <span className="badge warning">unverified</span>
                </span>,
                g.userEmail,
                g.registration === "metadata_document" ? <code key="c">{new URL(g.clientId).host}</code> : "by itself",
                <code key="s">{g.scopes.join(" ")}</code>,
                utcMinute(g.grantedAt),
                <HiddenFieldButton
                  key="r"
                  action={uninstallAction}
                  name="grantId"
                  value={g.grantId}
                  label="Revoke"
                  accessibleName={`Revoke ${g.appName} for ${g.userEmail}`}
                  question={`Revoke ${g.appName} for ${g.userEmail}? It stops working at once and must be approved again.`}
                />,
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
              utcMinute(t.expiresAt),
              <HiddenFieldButton
                key="r"
                action={revokeTokenAction}
                name="id"
                value={t.id}
                label="Revoke"
                accessibleName={`Revoke ${t.kind} token of ${t.appName}`}
                question={`Revoke this token of ${t.appName}? Its whole family stops working at once.`}
              />,
            ],
          }))}
        />
      </section>

      <section className="panel">
        <h2>Marketplace</h2>
        <ul className="stack" aria-label="Marketplace">
          {marketplace.data.map((a) => (
            <li key={a.id} className="row spread">
              <span>
                <strong>{a.name}</strong> — {a.description} <code>{a.scopes.join(" ")}</code>
              </span>
              {a.initiateLoginUri ? (
                // The app starts its authorization request from its own site; the consent screen follows.
                <Link className="button" href={`/settings/apps/${a.id}/install`} prefetch={false} aria-label={`Install ${a.name}`}>
                  Install
                </Link>
              ) : (
                <span className="hint">Installed from the app&apos;s own site</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      {all && (
        <section className="panel">
          <h2>Platform: registered apps</h2>
          {/* Deleting is opt-in for apps as for keys: the admin adds records:delete or activities:delete when the app needs it. */}
          <RegisterAppForm scopes={FIXED_SCOPES.filter((s) => !isDeleteScope(s))} registerAppAction={registerAppAction} />
          {/* One card per app, not a table row: the client secret shown on publishing gets the full width. */}
          <div className="stack" role="list" aria-label="Registered apps">
            {all.data.map((a) => (
              <article key={a.id} className="app-card stack" role="listitem" aria-label={a.name}>
                <div className="row">
                  <strong>{a.name}</strong>
                  <span className={a.published ? "badge ok" : "badge"}>{a.published ? "published" : "draft"}</span>
                </div>
                <dl className="facts">
                  <dt>client_id</dt>
                  <dd>
                    <code>{a.clientId}</code>
                  </dd>
                  <dt>Redirect URIs</dt>
                  <dd>
                    <code>{a.redirectUris.join(" ")}</code>
                  </dd>
                  <dt>Widget origins</dt>
                  <dd>
                    <code>{a.allowedOrigins.join(" ") || "none"}</code>
                  </dd>
                </dl>
                <PublishAppButton id={a.id} name={a.name} published={a.published} publishAppAction={publishAppAction} />
              </article>
            ))}
          </div>
        </section>
      )}

      {all && widgets && (
        <section className="panel stack">
          <h2>Platform: widgets</h2>
          <p className="hint">
            A widget shows in a company&apos;s record or dashboard pages once someone there installs its app with the widgets:embed scope;
            it runs in a sandboxed frame on the app&apos;s own origin.
          </p>
          <DataTable
            label="Declared widgets"
            empty="No app declares a widget."
            columns={["App", "Key", "Title", "Location", "Embed URL", "Objects", ""]}
            rows={widgets.data.map((w) => ({
              key: w.id,
              cells: [
                appName.get(w.appId) ?? w.appId,
                <code key="k">{w.key}</code>,
                w.title,
                w.location,
                <code key="u">{w.embedUrl}</code>,
                w.objects.join(" ") || "all",
                <form key="r" action={removeWidgetAction}>
                  <input type="hidden" name="id" value={w.id} />
                  <ConfirmSubmit
                    question={`Remove the widget “${w.title}”? No company shows it any more.`}
                    label={`Remove widget ${w.key}`}
                  >
                    Remove
                  </ConfirmSubmit>
                </form>,
              ],
            }))}
          />
          {all.data.length > 0 && (
            <DeclareWidgetForm apps={all.data.map((a) => ({ id: a.id, name: a.name }))} declareWidgetAction={declareWidgetAction} />
          )}
        </section>
      )}
    </>
  );
}
