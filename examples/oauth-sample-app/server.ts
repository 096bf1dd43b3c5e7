/**
 * The integrator's walkthrough: a tiny web app that connects to the CRM with OAuth 2.0
 * (authorization code + PKCE) using the maintained client library oauth4webapi, then calls the
 * REST API as the user who approved it. The e2e tests drive it; README "Build an OAuth app" runs it.
 *
 *   CRM_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... npx tsx examples/oauth-sample-app/server.ts
 * Options: PORT (3005), SCOPE ("records:read:contact objects:read").
 *
 * One user, state in memory: a sample, not a pattern for production session handling.
 */
import { createServer, type ServerResponse } from "node:http";
import * as oauth from "oauth4webapi";

const CRM_URL = new URL(process.env.CRM_URL ?? "http://localhost:3000");
const PORT = Number(process.env.PORT ?? 3005);
const REDIRECT_URI = `http://127.0.0.1:${PORT}/callback`;
const SCOPE = process.env.SCOPE ?? "records:read:contact objects:read";
const client: oauth.Client = { client_id: required("CLIENT_ID") };
const clientAuth = oauth.ClientSecretBasic(required("CLIENT_SECRET"));
// The CRM runs on plain http on a developer machine; production issuers are https.
const insecure = { [oauth.allowInsecureRequests]: CRM_URL.protocol === "http:" };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

interface Tokens {
  access_token: string;
  refresh_token?: string;
  scope?: string;
}

const state: { pending?: { verifier: string; state: string }; tokens?: Tokens; spentRefreshTokens: string[] } = { spentRefreshTokens: [] };

let server: oauth.AuthorizationServer | undefined;
/** RFC 8414 discovery: every endpoint comes from the CRM's metadata. */
async function authorizationServer(): Promise<oauth.AuthorizationServer> {
  server ??= await oauth.processDiscoveryResponse(CRM_URL, await oauth.discoveryRequest(CRM_URL, { algorithm: "oauth2", ...insecure }));
  return server;
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json"): void {
  res.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" });
  res.end(type === "application/json" ? JSON.stringify(body, null, 2) : String(body));
}

async function startLogin(res: ServerResponse): Promise<void> {
  const as = await authorizationServer();
  const verifier = oauth.generateRandomCodeVerifier();
  const expectedState = oauth.generateRandomState();
  state.pending = { verifier, state: expectedState };
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
  const pending = state.pending;
  if (!pending) return send(res, 400, { error: "no authorization in progress" });
  // Checks state and the issuer (RFC 9207) and surfaces error=access_denied and friends.
  const params = oauth.validateAuthResponse(as, client, current, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT_URI, pending.verifier, insecure);
  state.tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  state.pending = undefined;
  res.writeHead(302, { Location: "/" }).end();
}

async function refresh(res: ServerResponse): Promise<void> {
  const as = await authorizationServer();
  const old = state.tokens?.refresh_token;
  if (!old) return send(res, 400, { error: "not connected" });
  const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, old, insecure);
  state.tokens = await oauth.processRefreshTokenResponse(as, client, response);
  state.spentRefreshTokens.push(old);
  send(res, 200, { scope: state.tokens.scope });
}

async function revoke(res: ServerResponse): Promise<void> {
  const as = await authorizationServer();
  const token = state.tokens?.refresh_token;
  if (!token) return send(res, 400, { error: "not connected" });
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, token, insecure));
  send(res, 200, { revoked: true });
}

/** One REST call as the user: GET /api/v1/{object}. */
async function callApi(res: ServerResponse, object: string): Promise<void> {
  if (!state.tokens) return send(res, 400, { error: "not connected" });
  const api = await fetch(new URL(`/api/v1/${encodeURIComponent(object)}?limit=5`, CRM_URL), {
    headers: { Authorization: `Bearer ${state.tokens.access_token}` },
  });
  send(res, 200, { status: api.status, body: await api.json() });
}

function home(res: ServerResponse): void {
  const connected = state.tokens
    ? `<p>Connected with scope <code id="scope">${state.tokens.scope ?? ""}</code>.</p>
       <p><a href="/call?object=contact">List contacts</a> · <a href="/call?object=company">List companies</a></p>`
    : `<p><a id="connect" href="/login">Connect to the CRM</a></p>`;
  send(
    res,
    200,
    `<!doctype html><html lang="en"><head><title>Sample CRM app</title></head><body><h1>Sample CRM app</h1>${connected}</body></html>`,
    "text/html",
  );
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${PORT}`);
  const route = `${req.method} ${url.pathname}`;
  const handle = (): Promise<void> | void => {
    if (route === "GET /") return home(res);
    if (route === "GET /login") return startLogin(res);
    // The CRM's marketplace Install (its initiate_login_uri): only from the CRM this app is set up for.
    if (route === "GET /install")
      return url.searchParams.get("iss") === CRM_URL.origin ? startLogin(res) : send(res, 400, { error: "iss is not this app's CRM" });
    if (route === "GET /callback") return callback(res, url);
    if (route === "GET /call") return callApi(res, url.searchParams.get("object") ?? "contact");
    if (route === "POST /refresh") return refresh(res);
    if (route === "POST /revoke") return revoke(res);
    // What the sample holds, so a walkthrough (and the e2e test) can show rotation at work.
    if (route === "GET /state") return send(res, 200, { tokens: state.tokens ?? null, spentRefreshTokens: state.spentRefreshTokens });
    send(res, 404, { error: "not found" });
  };
  Promise.resolve()
    .then(handle)
    .catch((err: unknown) =>
      send(res, 502, {
        error: err instanceof Error ? err.message : String(err),
        ...(err instanceof oauth.ResponseBodyError ? { oauth: err.error } : {}),
      }),
    );
}).listen(PORT, "127.0.0.1", () => console.log(`Sample app on http://127.0.0.1:${PORT} (CRM ${CRM_URL.origin})`));
