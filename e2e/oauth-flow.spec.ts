import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eDataDir } from "../playwright.config.ts";
import { login } from "./fixtures.ts";

/**
 * The whole OAuth flow in Chromium, driven through the sample app (examples/oauth-sample-app,
 * oauth4webapi): login → consent with a subset → code → tokens → an allowed and a forbidden API
 * call → refresh → reuse of the spent refresh token kills the family → reconnect → revoke.
 */
const SAMPLE = "http://127.0.0.1:3005";
let sample: ChildProcess | undefined;

function sampleClient(): { clientId: string; clientSecret: string } {
  return (
    JSON.parse(readFileSync(path.join(e2eDataDir, "demo-credentials.json"), "utf8")) as {
      sampleApp: { clientId: string; clientSecret: string };
    }
  ).sampleApp;
}

test.beforeAll(async ({ baseURL }) => {
  const { clientId, clientSecret } = sampleClient();
  sample = spawn(process.execPath, ["node_modules/.bin/tsx", "examples/oauth-sample-app/server.ts"], {
    env: {
      ...process.env,
      CRM_URL: baseURL!,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      PORT: "3005",
      SCOPE: "records:read:contact objects:read",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    sample!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Sample app on") && resolve());
    sample!.on("exit", (code) => reject(new Error(`sample app exited with ${code}`)));
  });
});

test.afterAll(() => {
  sample?.kill();
});

test("an app connects with OAuth, can do what was granted and no more, refreshes, and loses everything on reuse and revocation", async ({
  page,
  request,
  baseURL,
}) => {
  type Call = { status: number; body: { error?: string; data?: unknown[] } };
  const callApi = async (object: string) => (await (await request.get(`${SAMPLE}/call?object=${object}`)).json()) as Call;

  await page.goto(`${SAMPLE}/login`);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await login(page);

  // The consent screen: the app, each scope in plain words, and it refuses to be framed. Its URL
  // carries the request, so it (like the login) sends no Referer; the form still posts (Origin: null
  // from a no-referrer page, vouched for by Sec-Fetch-Site).
  await expect(page.getByRole("heading", { name: "Sample CRM app wants access to your CRM" })).toBeVisible();
  const headers = (await request.get(page.url())).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect((await request.get(`${baseURL}/login`)).headers()["referrer-policy"]).toBe("no-referrer");
  await page.getByLabel(/Read contact records/).check();
  await page.getByLabel(/See which objects and fields exist/).uncheck();
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page).toHaveURL(`${SAMPLE}/`);
  await expect(page.locator("#scope")).toHaveText("records:read:contact");
  const contacts = await callApi("contact");
  expect(contacts.status).toBe(200);
  expect(contacts.body.data!.length).toBeGreaterThan(0);
  expect(await callApi("company")).toEqual({ status: 403, body: expect.objectContaining({ error: "errors.apiKeyObjectDenied" }) });

  // Rotation: the refreshed pair works, the spent refresh token is refused and takes the family down.
  expect((await request.post(`${SAMPLE}/refresh`)).status()).toBe(200);
  expect((await callApi("contact")).status).toBe(200);
  const { spentRefreshTokens } = (await (await request.get(`${SAMPLE}/state`)).json()) as { spentRefreshTokens: string[] };
  const { clientId, clientSecret } = sampleClient();
  const reuse = await request.post(`${baseURL}/api/oauth/token`, {
    form: { grant_type: "refresh_token", refresh_token: spentRefreshTokens[0]!, client_id: clientId, client_secret: clientSecret },
  });
  expect(reuse.status()).toBe(400);
  expect(reuse.headers()["cache-control"]).toBe("no-store");
  expect(await reuse.json()).toMatchObject({ error: "invalid_grant" });
  expect((await callApi("contact")).status).toBe(401);

  // Connecting again asks for more than was granted, so the screen shows again; then revoke.
  await page.goto(`${SAMPLE}/login`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.locator("#scope")).toHaveText("records:read:contact objects:read");
  expect((await callApi("contact")).status).toBe(200);
  expect((await request.post(`${SAMPLE}/revoke`)).status()).toBe(200);
  expect((await callApi("contact")).status).toBe(401);
});

test("people see and uninstall connected apps in settings; the platform admin registers and publishes one", async ({
  page,
  request,
  baseURL,
}) => {
  const callApi = async () => ((await (await request.get(`${SAMPLE}/call?object=contact`)).json()) as { status: number }).status;
  // Connect again: the standing grant covers the request, so no consent screen this time.
  await page.goto(`${SAMPLE}/login`);
  await login(page);
  await expect(page.locator("#scope")).toHaveText("records:read:contact objects:read");
  expect(await callApi()).toBe(200);

  await page.goto("/settings/apps");
  const installed = page.getByRole("table", { name: "Installed apps" });
  await expect(installed).toContainText("Sample CRM app");
  await expect(installed).toContainText("records:read:contact objects:read");
  await expect(page.getByRole("table", { name: "Your OAuth tokens" })).toContainText("refresh");
  // Uninstalling asks first.
  page.once("dialog", (d) => void d.accept());
  await installed.getByRole("button", { name: "Uninstall" }).click();
  await expect(page.getByText("No app is connected.")).toBeVisible();
  expect(await callApi()).toBe(401);

  // Installing from the marketplace: the app's install address starts its own authorization
  // request, so the same consent screen comes before anything is granted.
  await page.getByRole("list", { name: "Marketplace" }).getByRole("link", { name: "Install Sample CRM app" }).click();
  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole("heading", { name: "Sample CRM app wants access to your CRM" })).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(`${SAMPLE}/`);
  expect(await callApi()).toBe(200);
  await page.goto("/settings/apps");
  await expect(page.getByRole("table", { name: "Installed apps" })).toContainText("Sample CRM app");

  const register = page.getByRole("form", { name: "Register app" });
  await register.getByLabel("Name").fill("Playwright Ledger");
  await register.getByLabel(/Redirect URIs/).fill("https://ledger.example.com/oauth/callback");
  // Deleting is opt-in: the default scopes leave records:delete out, the admin adds it.
  await expect(register.getByLabel("Scopes the app may request")).not.toHaveValue(/records:delete/);
  await register.getByLabel("Scopes the app may request").fill("records:read records:write records:delete objects:read");
  await register.getByRole("button", { name: "Register app" }).click();
  const registered = register.getByText(/Registered with client_id crm_app_/);
  await expect(registered).toBeVisible();
  const ledgerId = /client_id (crm_app_\w+)/.exec((await registered.textContent())!)![1]!;
  const row = page.getByRole("listitem", { name: "Playwright Ledger" });
  await row.getByRole("button", { name: "Publish" }).click();
  await expect(row.getByTestId("client-secret")).toHaveText(/^crm_cs_/);
  await expect(page.getByRole("list", { name: "Marketplace" })).toContainText("Playwright Ledger");

  // Asking to delete: shown in a group of its own, in plain words.
  const authorize = new URL("/api/oauth/authorize", baseURL);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: ledgerId,
    redirect_uri: "https://ledger.example.com/oauth/callback",
    scope: "records:read records:delete",
    state: "s",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  }).toString();
  await page.goto(authorize.toString());
  const deletion = page.getByRole("group", { name: /It also asks to delete records/ });
  await expect(deletion.getByLabel(/Delete \(move to the trash\) records of every object/)).toBeChecked();
  await expect(page.getByRole("group", { name: "It asks to:" })).not.toContainText("Delete");

  // A page of another site posting the consent form in the user's browser: refused.
  await page.route("https://forger.example.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${baseURL}/api/oauth/authorize"><input name="client_id" value="${ledgerId}"><input name="decision" value="approve"><button>Go</button></form>`,
    }),
  );
  await page.goto("https://forger.example.test/");
  const [forged] = await Promise.all([
    page.waitForResponse(`${baseURL}/api/oauth/authorize`),
    page.getByRole("button", { name: "Go" }).click(),
  ]);
  expect(forged.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "This authorization request cannot be completed" })).toBeVisible();
  await expect(page.getByText("not sent from this site")).toBeVisible();
});
