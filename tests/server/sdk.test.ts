/**
 * The TypeScript SDK (packages/sdk) against the built app, on the engine of the run: typed calls,
 * typed errors with the request's id, Idempotency-Keys, every way of paging, Retry-After on the
 * app's own 429, verifyWebhook on a real delivery, and the OAuth helpers through a real consent
 * (PKCE, code exchange, refresh with rotation, reuse detection). Needs a build.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCrmClient, type CrmClient } from "../../packages/sdk/src/client.ts";
import { CrmError } from "../../packages/sdk/src/errors.ts";
import { authorizationUrl, exchangeCode, OAuthError, oauthSession, refreshTokens, type TokenSet } from "../../packages/sdk/src/oauth.ts";
import { verifyWebhook, WebhookVerificationError } from "../../packages/sdk/src/webhooks.ts";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";
import { approveInBrowser } from "../helpers/consent.ts";
import { signIn } from "../helpers/sign-in.ts";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.ts";

const CALLBACK = "http://127.0.0.1:41998/callback";

/** A fetch that records each request's method, path and headers before sending it. */
function recordingFetch(log: { method: string; path: string; headers: Headers }[]): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    log.push({
      method: request.method,
      path: new URL(request.url).pathname + new URL(request.url).search,
      headers: new Headers(request.headers),
    });
    return fetch(request);
  };
}

/** The CrmError a call was refused with (a success fails the test). */
const refusal = (call: Promise<unknown>): Promise<CrmError> =>
  call.then(
    () => expect.fail("the call succeeded"),
    (e: unknown) => {
      expect(e).toBeInstanceOf(CrmError);
      return e as CrmError;
    },
  );

describe.skipIf(!hasBuild())("the SDK against the built app", () => {
  const server = useAppServer({ env: { WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" } });
  const sent: { method: string; path: string; headers: Headers }[] = [];
  let crm: CrmClient;
  let receiver: Receiver;
  const run = randomBytes(4).toString("hex");

  beforeAll(async () => {
    crm = createCrmClient({ url: server.url, apiKey: server.demoApiKey(), fetch: recordingFetch(sent) });
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it("creates, reads, updates and deletes a contact with typed calls; every create carries an Idempotency-Key, and a repeated one creates once", async () => {
    sent.length = 0;
    const contact = { params: { path: { object: "contact" } } } as const;
    const created = await crm.post("/{object}", { ...contact, body: { first_name: "Ada", last_name: `Sdk ${run}` } });
    const id: string = created.id;
    expect(sent[0]!.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    const one = { params: { path: { object: "contact", id } } };
    expect(await crm.get("/{object}/{id}", one)).toMatchObject({ id, first_name: "Ada" });
    expect(await crm.patch("/{object}/{id}", { ...one, body: { job_title: "Engineer" } })).toMatchObject({ job_title: "Engineer" });

    const key = { "Idempotency-Key": `sdk-${run}` };
    const first = await crm.post("/{object}", { ...contact, body: { last_name: `Once ${run}` }, headers: key });
    const again = await crm.post("/{object}", { ...contact, body: { last_name: `Once ${run}` }, headers: key });
    expect(again.id).toBe(first.id);
    const found = await crm.get("/{object}", { ...contact, params: { ...contact.params, query: { search: `Once ${run}` } } });
    expect(found.total).toBe(1);

    await crm.delete("/{object}/{id}", one);
    expect(await refusal(crm.get("/{object}/{id}", one))).toMatchObject({ status: 404 });
  });

  it("answers a failure as a CrmError with the body's error, code, message and details, and the request's id", async () => {
    sent.length = 0;
    const missing = await refusal(
      crm.get("/{object}/{id}", { params: { path: { object: "contact", id: "00000000-0000-4000-8000-000000000000" } } }),
    );
    expect(missing).toMatchObject({ status: 404, code: "not_found", name: "CrmError" });
    expect(missing.message.length).toBeGreaterThan(5);
    expect(missing.error.length).toBeGreaterThan(5);
    const refused = await refusal(crm.get("/{object}", { params: { path: { object: "contact" }, query: { limit: 9999 } } }));
    expect(refused).toMatchObject({ status: 400, code: "invalid_request" });
    expect(refused.details?.[0]?.path).toBe("limit");
    expect(refused.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("verifyWebhook takes the app's real delivery of a test event and refuses it changed", async () => {
    const hook = await crm.post("/webhooks", { body: { url: receiver.url, events: ["record.created"] } });
    await crm.post("/webhooks/{id}/test", { params: { path: { id: hook.id } } });
    const [delivery] = await receiver.waitFor(1);
    const event = await verifyWebhook(delivery!.body, delivery!.headers as Record<string, string>, hook.secret);
    expect(event.event).toBe("webhook.test");
    const changed = Buffer.concat([delivery!.body, Buffer.from(" ")]);
    await expect(verifyWebhook(changed, delivery!.headers as Record<string, string>, hook.secret)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await crm.delete("/webhooks/{id}", { params: { path: { id: hook.id } } });
  });

  it("pages lists by offset, the data endpoint by page, the events feed by cursor and the logs by starting_after, each item once", async () => {
    const contact = { params: { path: { object: "contact" } } } as const;
    const created = await crm.post("/{object}/bulk", {
      ...contact,
      body: { records: Array.from({ length: 7 }, (_, i) => ({ first_name: `P${i}`, last_name: `Paged ${run}` })) },
    });
    expect(created.created).toBe(7);

    const pagesOf = async <T extends { id?: unknown }>(items: AsyncIterable<T>, path: string) => {
      sent.length = 0;
      const ids: unknown[] = [];
      for await (const item of items) ids.push(item.id);
      expect(new Set(ids).size, `${path}: each item once`).toBe(ids.length);
      return { ids, pages: sent.filter((s) => s.path.startsWith(path)).length };
    };
    const list = await pagesOf(
      crm.paginate("/{object}", { params: { ...contact.params, query: { search: `Paged ${run}`, limit: 3 } } }),
      "/api/v1/contact",
    );
    expect(list).toMatchObject({ pages: 3 });
    expect(list.ids).toHaveLength(7);

    const data = await crm.get("/data/{object}", { params: { ...contact.params, query: { pageSize: 4 } } });
    const rows = await pagesOf(
      crm.paginate("/data/{object}", { params: { ...contact.params, query: { pageSize: 4 } } }),
      "/api/v1/data/contact",
    );
    expect(rows.ids).toHaveLength(data.total);
    expect(rows.pages).toBe(Math.max(1, Math.ceil(data.total / 4)));

    const events = await pagesOf(
      crm.paginate("/events", { params: { query: { type: ["record.created"], objectApiName: "contact", limit: 3 } } }),
      "/api/v1/events",
    );
    expect(events.ids.length).toBeGreaterThanOrEqual(7);
    expect(events.pages).toBeGreaterThanOrEqual(3);

    // The webhook of the test before made two entries at least (created, deleted).
    const audit = await pagesOf(crm.paginate("/audit-log", { params: { query: { limit: 1 } } }), "/api/v1/audit-log");
    expect(audit.ids.length).toBeGreaterThanOrEqual(2);
    expect(audit.pages).toBeGreaterThanOrEqual(audit.ids.length);
  });

  it("the OAuth helpers: authorization URL with PKCE, code exchange, one refresh for concurrent calls, rotation, reuse revoking the grant", async () => {
    const registered = await fetch(`${server.url}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "SDK test app", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const client = { url: server.url, clientId: ((await registered.json()) as { client_id: string }).client_id };

    const start = await authorizationUrl(client, { redirectUri: CALLBACK, scopes: ["records:read", "objects:read"] });
    expect(new URL(start.url).searchParams.get("code_challenge_method")).toBe("S256");
    const back = await approveInBrowser(server, await signIn(server), start.url, CALLBACK, [/SDK test app/]);
    expect(back.get("state")).toBe(start.state);
    const tokens = await exchangeCode(client, { code: back.get("code")!, codeVerifier: start.codeVerifier, redirectUri: CALLBACK });
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(tokens.access_token).toMatch(/^crm_at_/);

    // Refreshed at once (as if about to expire): three calls at that moment share one refresh.
    const stored: TokenSet[] = [];
    const session = oauthSession(client, { ...tokens, expires_at: Date.now() }, (t) => void stored.push(t));
    const asUser = createCrmClient({ url: server.url, accessToken: session.accessToken });
    const lists = await Promise.all(
      [1, 2, 3].map(() => asUser.get("/{object}", { params: { path: { object: "contact" }, query: { limit: 1 } } })),
    );
    expect(lists.every((l) => l.data.length === 1)).toBe(true);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refresh_token).not.toBe(tokens.refresh_token);
    expect(session.tokens().access_token).toBe(stored[0]!.access_token);

    // The old refresh token again is a reuse: refused, and the whole grant is revoked.
    const reuse: unknown = await refreshTokens(client, tokens.refresh_token).catch((e: unknown) => e);
    expect(reuse).toBeInstanceOf(OAuthError);
    expect(reuse).toMatchObject({ status: 400, error: "invalid_grant" });
    await expect(asUser.get("/{object}", { params: { path: { object: "contact" } } })).rejects.toMatchObject({ status: 401 });
  });

  // Last: it spends the demo key's bucket.
  it("waits as the app's Retry-After says on its 429, a bounded number of times, then answers the CrmError", async () => {
    const waits: number[] = [];
    const patient = createCrmClient({
      url: server.url,
      apiKey: server.demoApiKey(),
      maxRetries: 2,
      maxRetryWait: 120,
      sleep: async (ms) => void waits.push(ms),
    });
    let refused: CrmError | undefined;
    for (let i = 0; i < 200 && !refused; i++)
      refused = await patient.get("/objects").then(
        () => undefined,
        (e: unknown) => e as CrmError,
      );
    expect(refused).toMatchObject({ status: 429, code: "rate_limited" });
    expect(refused!.retryAfter).toBeGreaterThan(0);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms >= 1000 && ms <= 60_000)).toBe(true);
    const impatient = createCrmClient({ url: server.url, apiKey: server.demoApiKey(), maxRetryWait: 0.5 });
    await expect(impatient.get("/objects")).rejects.toMatchObject({ status: 429 });
  });
});

const exec = promisify(execFile);
const ROOT = process.cwd();

/** `npm pack` of each package as installed in the repository (and of what it depends on), into `dir`. */
async function dependencyTarballs(names: string[], dir: string): Promise<string[]> {
  const out = new Map<string, string>();
  const visit = async (name: string) => {
    if (out.has(name)) return;
    const from = path.join(ROOT, "node_modules", name);
    const packed = await exec("npm", ["pack", "--json", "--pack-destination", dir], { cwd: from });
    out.set(name, path.join(dir, (JSON.parse(packed.stdout) as [{ filename: string }])[0].filename));
    const manifest = JSON.parse(readFileSync(path.join(from, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(manifest.dependencies ?? {})) await visit(dep);
  };
  for (const name of names) await visit(name);
  return [...out.values()];
}

describe.skipIf(!hasBuild())("the SDK as a user installs it: npm pack, npm install, crm types, tsc, node", () => {
  const server = useAppServer();
  let dir = "";
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("a fresh project installs the tarball, types its company's objects with crm types, typechecks and runs", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "crm-sdk-user-"));
    const key = server.demoApiKey();
    const field = await fetch(`${server.url}/api/v1/objects/contact/fields`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        apiName: "tier",
        label: "Tier",
        type: "select",
        options: [
          { value: "gold", label: "Gold" },
          { value: "silver", label: "Silver" },
        ],
      }),
    });
    expect(field.status).toBe(201);

    // npm pack builds the package (prepack) and packs only what a user needs. It packs a copy, inside
    // the repository (its tools and dependencies resolve from there), so the guides' own build of
    // packages/sdk/dist is never rewritten under them.
    const copy = path.join(ROOT, "test-results", `sdk-pack-${randomBytes(4).toString("hex")}`, "crm-sdk");
    mkdirSync(copy, { recursive: true });
    for (const entry of ["package.json", "tsconfig.json", "README.md", "src"])
      cpSync(path.join(ROOT, "packages/sdk", entry), path.join(copy, entry), { recursive: true });
    const packed = await exec("npm", ["pack", "--json", "--pack-destination", dir], { cwd: copy });
    rmSync(path.dirname(copy), { recursive: true, force: true });
    const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "package.json", "README.md"]));
    expect(files.some((f) => f.path.startsWith("src/"))).toBe(false);

    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "sdk-user", private: true, type: "module" }));
    // The SDK's dependencies come as tarballs packed from the versions installed here: the registry is
    // outside the loopback, and a fresh machine's npm cache holds no registry metadata (npm ci fetches
    // tarballs only), so npm installs everything offline, exactly as it would from the registry.
    const sdkManifest = JSON.parse(readFileSync(path.join(ROOT, "packages/sdk/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const deps = await dependencyTarballs(Object.keys(sdkManifest.dependencies), dir);
    await exec("npm", ["install", "--offline", "--no-audit", "--no-fund", ...deps, path.join(dir, filename)], { cwd: dir });

    const crmBin = path.join(ROOT, "node_modules", ".bin", "crm");
    const typed = await exec(crmBin, ["types", "--out", "crm-types.ts", "--url", server.url], {
      cwd: dir,
      env: { ...process.env, CRM_API_KEY: key },
    });
    expect(typed.stdout).toMatch(/Wrote crm-types\.ts/);
    const types = readFileSync(path.join(dir, "crm-types.ts"), "utf8");
    expect(types).toContain('"/contact": {');
    expect(types).toMatch(/tier\?: \("gold" \| "silver"\) \| null/);

    writeFileSync(
      path.join(dir, "app.ts"),
      [
        'import { createCrmClient, CrmError } from "crm-sdk";',
        'import type { paths } from "./crm-types.ts";',
        "const crm = createCrmClient<paths>({ url: process.env.CRM_URL!, apiKey: process.env.CRM_API_KEY! });",
        'const created = await crm.post("/contact", { body: { last_name: "Installed", tier: "gold" } });',
        'const tier: "gold" | "silver" | null | undefined = created.tier;',
        "// @ts-expect-error: not an option of the tenant's tier field",
        'await crm.post("/contact", { body: { last_name: "Wrong", tier: "bronze" } }).catch((e: unknown) => e instanceof CrmError || Promise.reject(e));',
        'const again = await crm.get("/contact/{id}", { params: { path: { id: created.id } } });',
        "console.log(JSON.stringify({ id: again.id, tier, same: again.id === created.id }));",
      ].join("\n"),
    );
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const flags = [
      "--noEmit",
      "--strict",
      "--module",
      "nodenext",
      "--moduleResolution",
      "nodenext",
      "--target",
      "es2022",
      "--lib",
      "es2023,dom",
    ];
    const checked = await exec(
      process.execPath,
      [tsc, ...flags, "--allowImportingTsExtensions", "--types", "node", "--typeRoots", path.join(ROOT, "node_modules/@types"), "app.ts"],
      { cwd: dir },
    ).catch((e: { stdout: string }) => e);
    expect(checked.stdout).toBe("");

    const ran = await exec(process.execPath, ["app.ts"], { cwd: dir, env: { ...process.env, CRM_URL: server.url, CRM_API_KEY: key } });
    expect(JSON.parse(ran.stdout)).toMatchObject({ tier: "gold", same: true });
  }, 120_000);
});
