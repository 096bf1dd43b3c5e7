/**
 * The widget developer's walkthrough: an app whose widget shows, on a record's page in the CRM,
 * the record's name and its latest activities. The widget page runs in the CRM's sandboxed iframe
 * on this server's own origin, learns which record it is on from the SDK's context message (never
 * any data), and reads the data through this server, which calls the REST API with the app's own
 * OAuth token (authorization code + PKCE with oauth4webapi; the scopes granted at install,
 * widgets:embed among them). The e2e tests drive it; README "Build a widget" runs it.
 *
 *   CRM_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... npx tsx examples/widget-sample-app/server.ts
 * Options: PORT (3006).
 *
 * One installation, tokens in memory: a sample. A production widget also authenticates the person
 * in the frame (its own login, or its OAuth flow in a popup) before showing them anything.
 */
import { createServer, type ServerResponse } from "node:http";
import * as oauth from "oauth4webapi";

const CRM_URL = new URL(process.env.CRM_URL ?? "http://localhost:3000");
const PORT = Number(process.env.PORT ?? 3006);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const REDIRECT_URI = `${ORIGIN}/callback`;
const SCOPE = "widgets:embed records:read objects:read activities:read";
const client: oauth.Client = { client_id: required("CLIENT_ID") };
const clientAuth = oauth.ClientSecretBasic(required("CLIENT_SECRET"));
const insecure = { [oauth.allowInsecureRequests]: CRM_URL.protocol === "http:" };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

/** Installations in progress by their `state`, so that two at once do not overwrite each other. */
const pending = new Map<string, string>();
const state: { tokens?: { access_token: string; refresh_token?: string; scope?: string } } = {};

let server: oauth.AuthorizationServer | undefined;
async function authorizationServer(): Promise<oauth.AuthorizationServer> {
  server ??= await oauth.processDiscoveryResponse(CRM_URL, await oauth.discoveryRequest(CRM_URL, { algorithm: "oauth2", ...insecure }));
  return server;
}

function send(res: ServerResponse, status: number, body: string, type: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store", ...headers });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, JSON.stringify(body), "application/json");

async function install(res: ServerResponse): Promise<void> {
  const as = await authorizationServer();
  const verifier = oauth.generateRandomCodeVerifier();
  const expectedState = oauth.generateRandomState();
  if (pending.size >= 100) pending.clear();
  pending.set(expectedState, verifier);
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: expectedState,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  res.writeHead(302, { Location: url.toString() }).end();
}

async function callback(res: ServerResponse, current: URL): Promise<void> {
  const as = await authorizationServer();
  const returned = current.searchParams.get("state") ?? "";
  const verifier = pending.get(returned);
  if (!verifier) return json(res, 400, { error: "no installation in progress" });
  pending.delete(returned);
  const params = oauth.validateAuthResponse(as, client, current, returned);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT_URI, verifier, insecure);
  state.tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  res.writeHead(302, { Location: "/" }).end();
}

/** A REST call with the app's token, refreshed once when it has expired. */
async function crm(path: string): Promise<Response> {
  const call = () => fetch(new URL(path, CRM_URL), { headers: { Authorization: `Bearer ${state.tokens!.access_token}` } });
  const first = await call();
  if (first.status !== 401 || !state.tokens?.refresh_token) return first;
  const as = await authorizationServer();
  const refreshed = await oauth.refreshTokenGrantRequest(as, client, clientAuth, state.tokens.refresh_token, insecure);
  state.tokens = await oauth.processRefreshTokenResponse(as, client, refreshed);
  return call();
}

/** What the widget shows: the record's name and its five latest activities. */
async function summary(res: ServerResponse, url: URL): Promise<void> {
  if (!state.tokens) return json(res, 409, { error: "The app is not installed yet: open / on the app's server and connect it." });
  const object = url.searchParams.get("object") ?? "";
  const id = url.searchParams.get("id") ?? "";
  if (!/^[a-z][a-z0-9_]{1,62}$/.test(object) || !/^[0-9a-f-]{36}$/i.test(id))
    return json(res, 400, { error: "object and id are required" });
  const [record, activities] = await Promise.all([
    crm(`/api/v1/${object}/${id}`),
    crm(`/api/v1/activities?recordId=${id}&limit=5&order=created_at:desc`),
  ]);
  if (!record.ok) return json(res, record.status, await record.json());
  const data = (await record.json()) as Record<string, unknown>;
  const name = [data.name, [data.first_name, data.last_name].filter(Boolean).join(" "), data.subject, id].find(
    (v) => typeof v === "string" && v,
  );
  const list = activities.ok ? ((await activities.json()) as { data: { subject: string; type: string; created_at: string }[] }).data : [];
  json(res, 200, { name, activities: list.map((a) => ({ subject: a.subject, type: a.type, created_at: a.created_at })) });
}

/** The page the CRM frames. Only the CRM may frame it (frame-ancestors); the SDK comes from the CRM. */
function widget(res: ServerResponse): void {
  const crmOrigin = CRM_URL.origin;
  send(
    res,
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Record summary</title>
<style>body{font:14px system-ui,sans-serif;margin:0;padding:12px;color:#1c2430}h3{margin:0 0 8px}li{margin:2px 0}.muted{color:#5b6675}</style>
<script src="${crmOrigin}/widget-sdk/v1.js"></script></head>
<body><h3 id="name" class="muted">Waiting for the CRM…</h3><ul id="activities"></ul><p id="status" class="muted"></p>
<script>
const widget = CrmWidget.connect({ crmOrigin: ${JSON.stringify(crmOrigin)} });
const text = (id, value) => { document.getElementById(id).textContent = value; };
widget.onContext(async (context) => {
  if (!context.recordId) return text("name", "Open a record to see its summary.");
  text("status", "Loading…");
  const response = await fetch("/api/summary?object=" + encodeURIComponent(context.objectApiName) + "&id=" + encodeURIComponent(context.recordId));
  const body = await response.json();
  if (!response.ok) return text("status", body.error || "The CRM refused (" + response.status + ")");
  text("name", body.name);
  document.getElementById("name").className = "";
  const list = document.getElementById("activities");
  list.replaceChildren(...body.activities.map((a) => { const li = document.createElement("li"); li.textContent = a.type + ": " + a.subject; return li; }));
  text("status", body.activities.length ? "Latest activities" : "No activity yet");
});
</script></body></html>`,
    "text/html",
    { "Content-Security-Policy": `frame-ancestors ${crmOrigin}` },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function home(res: ServerResponse): void {
  const body = state.tokens
    ? `<p id="installed">Installed with scope <code id="scope">${escapeHtml(state.tokens.scope ?? "")}</code>. Open a record in the CRM to see the widget.</p>`
    : `<p><a id="install" href="/install">Install in the CRM</a></p>`;
  send(
    res,
    200,
    `<!doctype html><html lang="en"><head><title>Widget sample app</title></head><body><h1>Widget sample app</h1>${body}</body></html>`,
    "text/html",
  );
}

createServer((req, res) => {
  // Only requests addressed to this server by its own name: a page of another site cannot reach it
  // through a DNS name rebound to 127.0.0.1.
  if (req.headers.host !== new URL(ORIGIN).host) return json(res, 421, { error: "misdirected request" });
  const url = new URL(req.url ?? "/", ORIGIN);
  const route = `${req.method} ${url.pathname}`;
  const handle = (): Promise<void> | void => {
    if (route === "GET /") return home(res);
    if (route === "GET /install") return install(res);
    if (route === "GET /callback") return callback(res, url);
    if (route === "GET /widget") return widget(res);
    if (route === "GET /api/summary") return summary(res, url);
    json(res, 404, { error: "not found" });
  };
  Promise.resolve()
    .then(handle)
    .catch((err: unknown) => json(res, 502, { error: err instanceof Error ? err.message : String(err) }));
}).listen(PORT, "127.0.0.1", () => console.log(`Widget sample app on ${ORIGIN} (CRM ${CRM_URL.origin})`));
