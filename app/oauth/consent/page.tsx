import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { agentRefusalUrl, consentBinding } from "@/lib/adapters/oauth/authorize-endpoint.ts";
import { sessionUser } from "@/lib/adapters/next-auth/session-user.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { consentToken } from "@/lib/oauth/consent-csrf.ts";
import { describeScope, isDeleteScope, isReadScope } from "@/lib/oauth/scopes.ts";
import { authSecret } from "@/lib/secrets.ts";
import { checkAuthorizationRequest, errorRedirect, REQUEST_PARAMS } from "@/lib/services/oauth/authorization-request.ts";
import { OAuthError } from "@/lib/services/oauth/oauth-error.ts";

export const metadata: Metadata = { title: "Authorize app" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

/** Records go to the trash and can be restored; activities have no trash: the legend says which. */
function deleteLegend(deletes: string[]): string {
  const activities = deletes.includes("activities:delete");
  const records = deletes.some((s) => s !== "activities:delete");
  if (activities && !records) return "It also asks to delete activities (deleted for good):";
  if (activities) return "It also asks to delete records (they go to the trash and can be restored) and activities (deleted for good):";
  return "It also asks to delete records (they go to the trash and can be restored):";
}

/**
 * The consent screen of GET /api/oauth/authorize: the app, each requested scope in plain words
 * with a checkbox (the user may grant a subset; deleting is listed apart), Approve / Deny. The
 * form posts back to the authorize endpoint with a token bound to this user and request. Like
 * every page, it refuses to be framed (next.config.js: frame-ancestors 'none'); it sends no
 * Referer (next.config.js: its URL carries the authorization request).
 */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const params = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => [v ?? []].flat().map((x) => [k, x] as [string, string])));
  const user = await sessionUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/api/oauth/authorize?${params}`)}`);
  // The authorize endpoint fetched the client's metadata document just before; this page only
  // reads the copy kept then, so reloading it cannot make the server fetch anything.
  const check = await checkAuthorizationRequest(params, {
    beforeFetch: async () => {
      throw new OAuthError("invalid_client", "its metadata document is not at hand any more: start again from the app");
    },
  });
  if (check.kind === "redirect") redirect(errorRedirect(check, publicBaseUrl()));
  if (check.kind === "fatal") {
    return (
      <main className="center">
        <div className="panel card stack">
          <h1>This authorization request cannot be completed</h1>
          <p className="error">{check.message}</p>
        </div>
      </main>
    );
  }
  const { app, scopes } = check.request;
  const refusal = await agentRefusalUrl(user, check.request);
  if (refusal) redirect(refusal);
  const token = consentToken(authSecret(), consentBinding(user, params));
  // Nobody reviewed an agent that connected itself: what it may change or delete is the user's explicit choice.
  const ticked = (scope: string) => app.kind !== "agent" || isReadScope(scope);
  return (
    <main className="center">
      <form method="post" action="/api/oauth/authorize" className="panel card stack" aria-labelledby="consent-title">
        {app.kind === "agent" ? (
          <AgentHeading
            name={app.name}
            clientId={app.client_id}
            metadataDocument={app.registration === "metadata_document"}
            redirectUri={check.request.redirectUri}
          />
        ) : (
          <div className="row">
            {/* eslint-disable-next-line @next/next/no-img-element -- an app's logo on another host, shown as is */}
            {app.logo_url ? <img src={app.logo_url} alt="" width={48} height={48} /> : null}
            <div>
              <h1 id="consent-title">{`${app.name} wants access to your CRM`}</h1>
              {app.description ? <p className="lead">{app.description}</p> : null}
            </div>
          </div>
        )}
        {app.kind === "agent" && scopes.some((s) => !isReadScope(s)) && (
          <p className="hint" data-testid="unticked-note">
            Reading is ticked; changing and deleting are not: tick them only if you want this agent to change your data.
          </p>
        )}
        <ScopeChoices legend="It asks to:" scopes={scopes.filter((s) => !isDeleteScope(s))} ticked={ticked} />
        <ScopeChoices legend={deleteLegend(scopes.filter(isDeleteScope))} scopes={scopes.filter(isDeleteScope)} ticked={ticked} />
        <p className="lead">It acts as you and can never do more than your role allows. You can uninstall it at any time.</p>
        {REQUEST_PARAMS.map((p) => (params.has(p) ? <input type="hidden" key={p} name={p} value={params.get(p)!} /> : null))}
        <input type="hidden" name="csrf_token" value={token} />
        <div className="row">
          <button type="submit" name="decision" value="approve">
            Approve
          </button>
          <button type="submit" name="decision" value="deny" className="secondary">
            Deny
          </button>
        </div>
      </form>
    </main>
  );
}

/** Where the browser goes back to: the host, or the loopback with its port (a host on this computer). */
function redirectPlace(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" ? `${url.host} (a program on this computer)` : url.host;
}

/**
 * An agent connection registered itself (or described itself in a metadata document): nobody
 * reviewed it, so the screen says so, names it as it names itself, and shows where the approval
 * is sent — which is what a user can check.
 */
function AgentHeading(p: { name: string; clientId: string; metadataDocument: boolean; redirectUri: string }) {
  return (
    <div className="stack">
      <p>
        <span className="badge warning" data-testid="unverified">
          Unverified
        </span>{" "}
        agent connection
      </p>
      <h1 id="consent-title">{`${p.name} wants access to your CRM`}</h1>
      <p className="lead">
        This AI agent connected itself
        {p.metadataDocument ? (
          <>
            {" "}
            and is described at <code>{new URL(p.clientId).host}</code>
          </>
        ) : null}
        ; its name is what it calls itself and has not been checked. Approve only if you just connected it.
      </p>
      <p>
        It will be sent back to <code data-testid="redirect-host">{redirectPlace(p.redirectUri)}</code>.
      </p>
    </div>
  );
}

/** One group of requested scopes, ticked as `ticked` says; nothing when the group is empty. */
function ScopeChoices({ legend, scopes, ticked }: { legend: string; scopes: string[]; ticked: (scope: string) => boolean }) {
  if (!scopes.length) return null;
  return (
    <fieldset className="stack">
      <legend>{legend}</legend>
      {scopes.map((scope) => (
        <label className="inline" key={scope}>
          <input type="checkbox" name="grant" value={scope} defaultChecked={ticked(scope)} /> {describeScope(scope)} <code>{scope}</code>
        </label>
      ))}
    </fieldset>
  );
}
