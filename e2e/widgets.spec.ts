import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { e2eDataDir } from "../playwright.config.ts";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * Widgets in Chromium (spec 6.5, DESIGN.md), with the CRM on localhost and widgets on 127.0.0.1
 * ports of their own. A probe app (two allowed origins, A and B) talks the protocol by hand from
 * inside its frame; a third origin C is on no allowlist. The seeded widget sample app
 * (examples/widget-sample-app) runs the SDK and reads the record through the API with its own token.
 */
const A = "http://127.0.0.1:4101";
const B = "http://127.0.0.1:4103";
const C = "http://127.0.0.1:4102";
const SAMPLE = "http://127.0.0.1:3006";
const SANDBOX = "allow-scripts allow-same-origin allow-forms";

// Every probe page keeps what it receives; `?post=<target>` makes it post a valid resize to its
// parent's parent (`top`) or its opener as soon as it loads.
const probePage = `<!doctype html><html><body><p id="here">probe</p><script>
window.received = [];
addEventListener("message", (e) => window.received.push({ origin: e.origin, data: e.data }));
const post = new URLSearchParams(location.search).get("post");
const target = post === "top" ? window.top : post === "opener" ? window.opener : null;
if (target) target.postMessage({ type: "service:widget:resize", version: 1, payload: { height: 777 } }, "*");
</script></body></html>`;

const servers: Server[] = [];
let sample: ChildProcess | undefined;

function serve(port: number): Promise<void> {
  const server = createServer((req, res) => {
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(req.url?.startsWith("/callback") ? "<p>installed</p>" : probePage);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

function widgetApp(): { clientId: string; clientSecret: string } {
  return (
    JSON.parse(readFileSync(path.join(e2eDataDir, "demo-credentials.json"), "utf8")) as {
      widgetApp: { clientId: string; clientSecret: string };
    }
  ).widgetApp;
}

test.beforeAll(async ({ baseURL }) => {
  await Promise.all([serve(4101), serve(4102), serve(4103)]);
  const { clientId, clientSecret } = widgetApp();
  sample = spawn(process.execPath, ["node_modules/.bin/tsx", "examples/widget-sample-app/server.ts"], {
    env: { ...process.env, CRM_URL: baseURL!, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, PORT: "3006" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    sample!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Widget sample app on") && resolve());
    sample!.on("exit", (code) => reject(new Error(`widget sample app exited with ${code}`)));
  });
});

test.afterAll(async () => {
  sample?.kill();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function firstContact(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.request.get("/api/v1/contact?limit=1&order=created_at:asc", {
    headers: { Authorization: `Bearer ${demoApiKey()}` },
  });
  const record = (await response.json()).data[0] as { id: string; first_name: string | null; last_name: string };
  return { id: record.id, name: [record.first_name, record.last_name].filter(Boolean).join(" ") };
}

/** Consent to an app as the signed-in admin: the grant is the install, whatever happens to the code. */
async function install(page: Page, clientId: string, redirectUri: string, scope: string) {
  const url = new URL("/api/oauth/authorize", page.url());
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state: "s",
    // A challenge of its own: a client's challenge is good for one code.
    code_challenge: createHash("sha256").update(randomBytes(32)).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  await page.goto(url.toString());
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(new RegExp(`^${redirectUri}`));
}

const frameOf = (page: Page, origin: string): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(origin));
  if (!frame) throw new Error(`no frame of ${origin}`);
  return frame;
};

test("an app's widgets: declared with origin rules, shown only when installed with widgets:embed, talked to only at the exact origin", async ({
  page,
  baseURL,
}) => {
  await loginFresh(page);
  const contact = await firstContact(page);
  const recordPath = `/records/contact/${contact.id}`;

  // Register the probe app (widget origins A and B) and declare its widgets, with refusals first.
  await page.goto("/settings/apps");
  const register = page.getByRole("form", { name: "Register app" });
  const appName = `Probe ${Date.now().toString(36)}`;
  await register.getByLabel("Name").fill(appName);
  await register.getByLabel(/Redirect URIs/).fill(`${A}/callback`);
  await register.getByLabel(/Allowed origins for widgets/).fill(`${A}\n${B}`);
  await register.getByLabel("Scopes the app may request").fill("records:read widgets:embed");
  await register.getByRole("button", { name: "Register app" }).click();
  const registered = register.getByText(/Registered with client_id crm_app_/);
  await expect(registered).toBeVisible();
  const clientId = /client_id (crm_app_\w+)/.exec((await registered.textContent())!)![1]!;
  await page.getByRole("listitem", { name: appName }).getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("listitem", { name: appName }).getByTestId("client-secret")).toBeVisible();

  const declare = page.getByRole("form", { name: "Declare widget" });
  await declare.getByLabel("App").selectOption({ label: appName });
  await declare.getByLabel("Key").fill("probe");
  await declare.getByLabel("Title").fill("Probe A");
  await declare.getByLabel("Objects").fill("contact");
  await declare.getByLabel("Embed URL").fill("https://widgets.elsewhere.example/panel");
  await declare.getByRole("button", { name: "Declare widget" }).click();
  await expect(declare.getByText(/Embed URL: must be on the app's origin allowlist/)).toBeVisible();
  await declare.getByLabel("Embed URL").fill(`${baseURL}/settings`);
  await declare.getByRole("button", { name: "Declare widget" }).click();
  await expect(declare.getByText(/Embed URL: must not be on the CRM's own origin/)).toBeVisible();
  await declare.getByLabel("Embed URL").fill(`${A}/widget`);
  await declare.getByRole("button", { name: "Declare widget" }).click();
  await expect(declare.getByText("Declared widget probe.")).toBeVisible();
  await declare.getByLabel("App").selectOption({ label: appName });
  await declare.getByLabel("Key").fill("probe-b");
  await declare.getByLabel("Title").fill("Probe B");
  await declare.getByLabel("Objects").fill("contact");
  await declare.getByLabel("Embed URL").fill(`${B}/widget`);
  await declare.getByRole("button", { name: "Declare widget" }).click();
  await expect(declare.getByText("Declared widget probe-b.")).toBeVisible();
  await declare.getByLabel("App").selectOption({ label: appName });
  await declare.getByLabel("Key").fill("probe-dash");
  await declare.getByLabel("Title").fill("Probe dashboard");
  await declare.getByLabel("Location").selectOption("dashboard");
  await declare.getByLabel("Embed URL").fill(`${A}/dash`);
  await declare.getByRole("button", { name: "Declare widget" }).click();
  await expect(declare.getByText("Declared widget probe-dash.")).toBeVisible();

  // Not installed, then installed without widgets:embed: not rendered.
  await page.goto(recordPath);
  await expect(page.getByRole("region", { name: "Widget: Probe A" })).toHaveCount(0);
  await install(page, clientId, `${A}/callback`, "records:read");
  await page.goto(recordPath);
  await expect(page.getByRole("region", { name: "Widget: Probe A" })).toHaveCount(0);

  // Installed with widgets:embed: the frame, sandboxed, on a page whose frame-src names its origins only.
  await install(page, clientId, `${A}/callback`, "records:read widgets:embed");
  const response = await page.goto(recordPath);
  const csp = response!.headers()["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  const frameSrc = /frame-src ([^;]*)/.exec(csp)![1]!.split(" ");
  expect(frameSrc).toEqual(expect.arrayContaining([A, B]));
  expect(frameSrc.every((o) => o === A || o === B || o === SAMPLE)).toBe(true);
  const iframe = page.getByRole("region", { name: "Widget: Probe A" }).locator("iframe");
  await expect(iframe).toHaveAttribute("sandbox", SANDBOX);
  await expect(iframe).toHaveAttribute("referrerpolicy", "no-referrer");
  await expect(iframe).toHaveAttribute("allow", /camera 'none'/);
  await expect(page.getByRole("region", { name: "Widget: Probe B" }).locator("iframe")).toHaveAttribute("sandbox", SANDBOX);

  // The context: exactly the documented fields, no data, posted to the widget's origin.
  const widget = frameOf(page, A);
  const contexts = () => widget.evaluate(() => (window as unknown as { received: { origin: string; data: unknown }[] }).received);
  await expect.poll(async () => (await contexts()).length).toBeGreaterThan(0);
  const [first] = await contexts();
  expect(first!.origin).toBe(new URL(baseURL!).origin);
  expect(Object.keys(first!.data as object).sort()).toEqual(["payload", "type", "version"]);
  const message = first!.data as { type: string; version: number; payload: Record<string, unknown> };
  expect(message.type).toBe("service:widget:context");
  expect(message.version).toBe(1);
  expect(Object.keys(message.payload).sort()).toEqual(["installId", "locale", "objectApiName", "recordId", "theme"]);
  expect(message.payload).toMatchObject({ recordId: contact.id, objectApiName: "contact", theme: "light" });
  expect(message.payload.installId).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.stringify(message)).not.toContain(contact.name.split(" ").at(-1)!);

  // ready asks again; resize is clamped to 2000.
  const before = (await contexts()).length;
  const crm = new URL(baseURL!).origin;
  await widget.evaluate((target) => parent.postMessage({ type: "service:widget:ready", version: 1 }, target), crm);
  await expect.poll(async () => (await contexts()).length).toBe(before + 1);
  await widget.evaluate(
    (target) => parent.postMessage({ type: "service:widget:resize", version: 1, payload: { height: 5000 } }, target),
    crm,
  );
  await expect(iframe).toHaveAttribute("height", "2000");
  await widget.evaluate(
    (target) => parent.postMessage({ type: "service:widget:resize", version: 1, payload: { height: 321 } }, target),
    crm,
  );
  await expect(iframe).toHaveAttribute("height", "321");
  const ignored = async () => Number(await iframe.getAttribute("data-ignored-messages"));
  const ignoredBefore = await ignored();

  // Malformed, unknown and wrong-version messages from the right frame: ignored.
  await widget.evaluate((target) => {
    parent.postMessage({ type: "service:widget:resize", version: 1, payload: { height: "tall" } }, target);
    parent.postMessage({ type: "service:widget:resize", version: 2, payload: { height: 400 } }, target);
    parent.postMessage({ type: "service:widget:navigate", version: 1, payload: { url: "https://evil.example" } }, target);
    parent.postMessage("service:widget:resize", target);
  }, crm);
  await expect.poll(ignored).toBe(ignoredBefore + 4);

  // A valid resize from a third origin's frame inside the widget, from a frame of the right origin
  // that is not the widget's window, and from a popup of the third origin: all ignored.
  await widget.evaluate(
    ([third, same]) => {
      for (const src of [`${third}/nested?post=top`, `${same}/nested?post=top`]) {
        const f = document.createElement("iframe");
        f.src = src;
        document.body.append(f);
      }
    },
    [C, A],
  );
  await expect.poll(ignored).toBe(ignoredBefore + 6);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.evaluate((third) => window.open(`${third}/popup?post=opener`), C)]);
  await popup.waitForLoadState();
  await expect.poll(ignored).toBe(ignoredBefore + 7);
  await popup.close();
  await expect(iframe).toHaveAttribute("height", "321");

  // The host never posts to "*": widget B navigates its frame to origin A (allowed by frame-src);
  // the host's context on load is addressed to B, so the page now at A receives nothing.
  const frameB = frameOf(page, B);
  await frameB.evaluate((to) => (location.href = to), `${A}/moved`);
  await expect.poll(() => page.frames().some((f) => f.url() === `${A}/moved`)).toBe(true);
  const moved = page.frames().find((f) => f.url() === `${A}/moved`)!;
  await moved.evaluate(() => parent.postMessage({ type: "service:widget:ready", version: 1 }, "*"));
  await page.waitForTimeout(500);
  expect(await moved.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
  // frame-src is enforced: the page itself cannot frame C (the widget's own frames are its business).
  const blocked = page.waitForEvent("console", (m) =>
    m.text().includes('violates the following Content Security Policy directive: "frame-src'),
  );
  await page.evaluate((third) => {
    const f = document.createElement("iframe");
    f.src = `${third}/intruder`;
    document.body.append(f);
  }, C);
  await blocked;
  for (const f of page
    .mainFrame()
    .childFrames()
    .filter((f) => f.url().startsWith(C)))
    expect(await f.locator("#here").count()).toBe(0);

  // The dashboard hosts the dashboard widget, with a context that names no record.
  const dashboard = await page.goto("/dashboard");
  expect(/frame-src ([^;]*)/.exec(dashboard!.headers()["content-security-policy"]!)![1]).toContain(A);
  await expect(page.getByRole("region", { name: "Widget: Probe dashboard" }).locator("iframe")).toHaveAttribute("sandbox", SANDBOX);
  await expect(page.getByRole("region", { name: "Widget: Probe A" })).toHaveCount(0);
  const dash = () => page.frames().find((f) => f.url() === `${A}/dash`);
  await expect
    .poll(async () => (await dash()?.evaluate(() => (window as unknown as { received: unknown[] }).received.length)) ?? 0)
    .toBe(1);
  const [dashContext] = await dash()!.evaluate(() => (window as unknown as { received: { data: { payload: unknown } }[] }).received);
  expect(dashContext!.data.payload).toMatchObject({ recordId: null, objectApiName: null, installId: message.payload.installId });

  // Uninstall: gone from the next page load.
  await page.goto("/settings/apps");
  const installed = page.getByRole("table", { name: "Installed apps" });
  page.once("dialog", (d) => void d.accept());
  await installed.getByRole("row").filter({ hasText: appName }).getByRole("button", { name: "Uninstall" }).click();
  await expect(installed.getByRole("row").filter({ hasText: appName })).toHaveCount(0);
  await page.goto(recordPath);
  await expect(page.getByRole("region", { name: "Widget: Probe A" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Widget: Probe dashboard" })).toHaveCount(0);
});

test("the sample widget reads the record through the API with its own token, sized by the SDK; the CRM cannot be framed", async ({
  page,
  baseURL,
}) => {
  await loginFresh(page);
  const contact = await firstContact(page);
  const subject = `Widget check ${Date.now().toString(36)}`;
  const logged = await page.request.post("/api/v1/activities", {
    headers: { Authorization: `Bearer ${demoApiKey()}` },
    data: { type: "call", subject, record_id: contact.id, objectApiName: "contact" },
  });
  expect(logged.status()).toBe(201);

  await page.goto(`/records/contact/${contact.id}`);
  await expect(page.getByRole("region", { name: "Widget: Record summary" })).toHaveCount(0);
  await page.goto(`${SAMPLE}/install`);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.locator("#scope")).toHaveText("widgets:embed records:read objects:read activities:read");

  await page.goto(`/records/contact/${contact.id}`);
  const region = page.getByRole("region", { name: "Widget: Record summary" });
  const frame = region.frameLocator("iframe");
  await expect(frame.locator("#name")).toHaveText(contact.name);
  await expect(frame.getByText(`call: ${subject}`)).toBeVisible();
  // The SDK reported the page's height: no longer the host's initial 200.
  await expect.poll(async () => Number(await region.locator("iframe").getAttribute("height"))).not.toBe(200);
  // README's picture of a record page with a widget: `SCREENSHOTS=1 npx playwright test e2e/widgets.spec.ts`.
  if (process.env.SCREENSHOTS) await page.screenshot({ path: "docs/record-page-widget.png", fullPage: true });

  // Nobody frames the CRM: a foreign page's iframe of the dashboard stays empty.
  for (const pathname of ["/dashboard", `/records/contact/${contact.id}`]) {
    const response = await page.request.get(pathname);
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
  }
  await page.goto(`${C}/framer`);
  await page.evaluate((url) => {
    const f = document.createElement("iframe");
    f.src = url;
    document.body.append(f);
  }, `${baseURL}/dashboard`);
  await page.waitForTimeout(1000);
  const crmFrame = page.frames().find((f) => f !== page.mainFrame() && f.url().startsWith(baseURL!));
  expect(crmFrame ? await crmFrame.locator("h1").count() : 0).toBe(0);
});
