/**
 * MCP hosts that connect by OAuth unaided (issue 19 item 3), against the built app over HTTP:
 * the MCP SDKs' own OAuth client providers discover the server (RFC 9728, RFC 8414), register
 * (RFC 7591) or present a Client ID Metadata Document served over real TLS, send the user to
 * authorize, and exchange the code with PKCE and no secret. The browser's part (sign in, consent)
 * is done over HTTP with a real session cookie and the consent page's own form. Needs a build.
 */
import { request as httpRequest } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2Transport,
  UnauthorizedError as V2Unauthorized,
} from "@modelcontextprotocol/client";
import { UnauthorizedError as V1Unauthorized } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { REGISTRATION_BUDGET } from "@/lib/adapters/oauth/register-endpoint.ts";
import { useAppServer } from "../helpers/app-server.ts";
import type { Cookies } from "../helpers/cookies.ts";
import { approveInBrowser, decodeHtml } from "../helpers/consent.ts";
import { signIn } from "../helpers/sign-in.ts";
import { testCertificates } from "../helpers/test-tls.ts";

const CALLBACK = "http://127.0.0.1:41999/callback";

/** A host's OAuth client provider, as a desktop host implements one: state kept in memory, the "browser" recorded. */
class HostProvider {
  authorizationUrl: URL | undefined;
  private info: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  constructor(
    private readonly name: string,
    readonly clientMetadataUrl?: string,
  ) {}
  get redirectUrl(): string {
    return CALLBACK;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe("MCP hosts connect by OAuth without a key (real server, real TLS)", () => {
  const tls = testCertificates();
  // The loopback is admitted for metadata documents by the operator's own allowance, not the webhooks'.
  const server = useAppServer({
    env: {
      NODE_EXTRA_CA_CERTS: tls.caFile,
      OAUTH_METADATA_ALLOW_NETWORKS: "127.0.0.1/32",
      WEBHOOK_ALLOW_NETWORKS: "",
      TRUST_PROXY: "false",
    },
  });
  let documents: Server;
  let documentBase = "";
  const fetched: string[] = [];
  let browser: Cookies;
  let contactId = "";

  beforeAll(async () => {
    // The metadata documents hosts publish, over HTTPS signed by the CA the app was told to trust.
    documents = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      fetched.push(req.url!);
      const url = `${documentBase}${req.url}`;
      const body: Record<string, string> = {
        "/host/client.json": JSON.stringify({
          client_id: url,
          client_name: "Metadata Host",
          redirect_uris: [CALLBACK],
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
        "/host/mismatch.json": JSON.stringify({ client_id: `${documentBase}/elsewhere.json`, redirect_uris: [CALLBACK] }),
        "/host/secret.json": JSON.stringify({
          client_id: url,
          redirect_uris: [CALLBACK],
          token_endpoint_auth_method: "client_secret_basic",
        }),
        "/host/huge.json": JSON.stringify({ client_id: url, redirect_uris: [CALLBACK], padding: "x".repeat(6000) }),
        "/host/wildcard.json": JSON.stringify({ client_id: url, redirect_uris: [CALLBACK, "https://*.evil.test/cb"] }),
      };
      if (req.url === "/host/redirect.json") {
        res.writeHead(302, { location: "/host/client.json" }).end();
        return;
      }
      res
        .writeHead(body[req.url!] ? 200 : 404, { "content-type": "application/json", "cache-control": "max-age=300" })
        .end(body[req.url!] ?? "{}");
    });
    await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
    documentBase = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`;

    browser = await signIn(server);

    const created = await fetch(`${server.url}/api/v1/contact`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.demoApiKey()}`, "content-type": "application/json" },
      body: JSON.stringify({ last_name: "Hosted" }),
    });
    expect(created.status).toBe(201);
    contactId = ((await created.json()) as { id: string }).id;
  });
  afterAll(() => new Promise<void>((resolve) => documents.close(() => resolve())));

  const approve = (url: URL, expectOnScreen: RegExp[]) => approveInBrowser(server, browser, url, CALLBACK, expectOnScreen);

  const mcpUrl = () => new URL(`${server.url}/api/mcp`);

  it("the v1 SDK (2025-11-25 hosts) registers itself, gets the user's approval and then lists tools and reads a record", async () => {
    const provider = new HostProvider("Desktop Host v1");
    const first = new V1Client({ name: "desktop-host", version: "1.0.0" });
    await expect(first.connect(new V1Transport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(V1Unauthorized);
    expect(provider.clientInformation()?.client_id).toMatch(/^crm_agent_/);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${server.url}/api/oauth/authorize`);
    const callback = await approve(url, [/Unverified/, /Desktop Host v1 wants access to your CRM/, /127\.0\.0\.1:41999/]);
    const transport = new V1Transport(mcpUrl(), { authProvider: provider });
    await transport.finishAuth(callback.get("code")!);
    expect(provider.tokens()?.access_token).toMatch(/^crm_at_/);

    const client = new V1Client({ name: "desktop-host", version: "1.0.0" });
    await client.connect(new V1Transport(mcpUrl(), { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("get_record");
    const record = await client.callTool({ name: "get_record", arguments: { object: "contact", id: contactId } });
    expect(record.isError).toBeFalsy();
    expect(record.structuredContent).toMatchObject({ id: contactId, last_name: "Hosted" });
    // It asked for every scope the resource lists; an agent is granted only records, activities, objects and events.
    expect(
      provider
        .tokens()!
        .scope!.split(" ")
        .every((s) => /^(records|activities|objects|events):/.test(s)),
    ).toBe(true);
    await client.close();
  });

  it("the v1 SDK with a Client ID Metadata Document: fetched once over TLS, cached, and the host connects", async () => {
    const clientId = `${documentBase}/host/client.json`;
    const provider = new HostProvider("ignored: the document names the host", clientId);
    const first = new V1Client({ name: "metadata-host", version: "1.0.0" });
    await expect(first.connect(new V1Transport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(V1Unauthorized);
    expect(provider.authorizationUrl!.searchParams.get("client_id")).toBe(clientId);
    const callback = await approve(provider.authorizationUrl!, [/Unverified/, /Metadata Host wants access/, /described at/]);
    const transport = new V1Transport(mcpUrl(), { authProvider: provider });
    await transport.finishAuth(callback.get("code")!);
    const client = new V1Client({ name: "metadata-host", version: "1.0.0" });
    await client.connect(new V1Transport(mcpUrl(), { authProvider: provider }));
    expect((await client.listTools()).tools.length).toBe(27);
    await client.close();
    // The authorize request, the consent page and the decision all used the one copy fetched.
    expect(fetched.filter((p) => p === "/host/client.json")).toHaveLength(1);
  });

  it("refuses metadata documents it cannot trust, saying why on the authorization page", async () => {
    const attempt = async (path: string) => {
      const params = new URLSearchParams({
        response_type: "code",
        client_id: `${documentBase}${path}`,
        redirect_uri: CALLBACK,
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
      const res = await fetch(`${server.url}/api/oauth/authorize?${params}`, { redirect: "manual" });
      return { status: res.status, html: await res.text() };
    };
    const cases: [string, RegExp][] = [
      ["/host/mismatch.json", /its client_id is not the URL it was fetched from/],
      ["/host/secret.json", /public clients/],
      ["/host/huge.json", /larger than 5120 bytes/],
      ["/host/wildcard.json", /must not contain a wildcard/],
      ["/host/redirect.json", /redirects are not followed/],
      ["/host/missing.json", /it answered 404/],
      ["/host/../host/client.json", /\. or \.\. segments/],
    ];
    for (const [path, why] of cases) {
      const { status, html } = await attempt(path);
      expect(status, path).toBe(400);
      expect(decodeHtml(html), path).toMatch(why);
    }
  });

  it("registers per real peer address: what a client writes as X-Forwarded-For changes nothing, another address still registers", async () => {
    // Two peers on the loopback (any 127.x source address reaches a server on 127.0.0.1).
    const registerFrom = (localAddress: string, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}/api/oauth/register`,
          { method: "POST", localAddress, headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ redirect_uris: [CALLBACK], client_name: "Peer host" }));
      });
    for (let i = 0; i < REGISTRATION_BUDGET.perAddress; i++) expect(await registerFrom("127.0.0.2", `198.51.100.${i}`)).toBe(201);
    expect(await registerFrom("127.0.0.2", "198.51.100.200")).toBe(429);
    expect(await registerFrom("127.0.0.3", "198.51.100.200")).toBe(201);
  });

  it("the v2 SDK in the 2026-07-28 era does the same", async () => {
    const provider = new HostProvider("Modern Host v2");
    const options = { versionNegotiation: { mode: "auto" as const } };
    const first = new V2Client({ name: "modern-host", version: "1.0.0" }, options);
    await expect(first.connect(new V2Transport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(V2Unauthorized);
    expect(provider.clientInformation()?.client_id).toMatch(/^crm_agent_/);
    const callback = await approve(provider.authorizationUrl!, [/Unverified/, /Modern Host v2 wants access/]);
    const transport = new V2Transport(mcpUrl(), { authProvider: provider });
    await transport.finishAuth(callback.get("code")!, callback.get("iss") ?? undefined);
    const client = new V2Client({ name: "modern-host", version: "1.0.0" }, options);
    await client.connect(new V2Transport(mcpUrl(), { authProvider: provider }));
    const record = await client.callTool({ name: "get_record", arguments: { object: "contact", id: contactId } });
    expect(record.isError).toBeFalsy();
    expect(record.structuredContent).toMatchObject({ id: contactId });
    await client.close();
  });
});
