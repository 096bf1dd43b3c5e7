/**
 * Widgets (spec 6.5): platform admins declare an app's widgets under the origin rules; a tenant's
 * record and dashboard pages show them only while someone there has the app installed with
 * widgets:embed; the pages' frame-src lists exactly the origins shown.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { publicBaseUrl } from "@/lib/config.ts";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { uninstallOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { declareWidgetOp, listWidgetsOp, removeWidgetOp } from "@/lib/operations/widgets/manage-widgets.ts";
import { placedWidgetsOp } from "@/lib/operations/widgets/placed-widgets.ts";
import { oauthAppInputSchema } from "@/lib/schemas/oauth-apps.ts";
import { insertOAuthApp, publishWithNewSecret } from "@/lib/services/oauth/app-registration.ts";
import { recordConsent } from "@/lib/services/oauth/grants.ts";
import { widgetPagePolicy } from "@/lib/widgets/frame-policy.ts";
import { createTestTenant, type TestTenant, makePlatformAdmin } from "../../helpers/fixtures.ts";
import { expectOk, failure, runAs, session } from "../operation-helpers.ts";

const ORIGIN_A = "https://widgets-a.example.com";
const ORIGIN_B = "https://widgets-b.example.com";

async function registerApp(allowedOrigins: string[], publish = true): Promise<string> {
  const input = oauthAppInputSchema.parse({
    name: `Widget app ${randomBytes(3).toString("hex")}`,
    redirectUris: ["https://widgets-a.example.com/callback"],
    allowedOrigins,
    scopes: ["records:read", "widgets:embed"],
  });
  return withPlatformSql(async (tx) => {
    const { id } = await insertOAuthApp(tx, input);
    if (publish) await publishWithNewSecret(tx, id);
    return id;
  });
}

const install = (t: TestTenant, appId: string, scopes: string[], user: keyof TestTenant["users"] = "admin") =>
  withTenantSql(t.tenantId, (tx) => recordConsent(tx, { tenantId: t.tenantId, userId: t.users[user], appId, scopes }));

describe("widgets", () => {
  let t: TestTenant;
  let b: TestTenant;
  let appId: string;

  beforeAll(async () => {
    t = await createTestTenant("widgets");
    b = await createTestTenant("widgets-b");
    await makePlatformAdmin(t);
    appId = await registerApp([ORIGIN_A, ORIGIN_B]);
  });

  const declare = (input: Record<string, unknown>, who = session(t)) =>
    runAs(declareWidgetOp, who, { appId, key: `w${randomBytes(3).toString("hex")}`, title: "Deal room", location: "record", ...input });

  it("refuses embed URLs off the allowlist, on the CRM's own origin (or its loopback alias), or not https, each on the field", async () => {
    const crm = new URL(publicBaseUrl());
    const alias = `${crm.protocol}//${crm.hostname === "localhost" ? "127.0.0.1" : "localhost"}:${crm.port}/widget`;
    const cases: [string, RegExp][] = [
      ["https://elsewhere.example.com/w", /must be on the app's origin allowlist \(https:\/\/elsewhere\.example\.com is not/],
      [`${publicBaseUrl()}/settings`, /must not be on the CRM's own origin/],
      [alias, /must not be on the CRM's own origin/],
      ["http://widgets-a.example.com/w", /must use https/],
      ["javascript:alert(1)", /must use https/],
      ["https://user:pw@widgets-a.example.com/w", /user name or password/],
      ["https://widgets-a.example.com/w#frag", /fragment/],
      ["not a url", /absolute URL/],
    ];
    for (const [embedUrl, message] of cases) {
      const result = await declare({ embedUrl });
      expect(result.ok, embedUrl).toBe(false);
      expect(result.ok ? [] : result.details?.map((d) => [d.path, d.message]), embedUrl).toEqual([
        ["embedUrl", expect.stringMatching(message)],
      ]);
    }
    // Loopback http is for development, and only on an allowlisted origin.
    const dev = await registerApp(["http://127.0.0.1:4999"]);
    expectOk(
      await runAs(declareWidgetOp, session(t), {
        appId: dev,
        key: "dev",
        title: "Dev",
        location: "record",
        embedUrl: "http://127.0.0.1:4999/w",
      }),
    );
  });

  it("lets only platform admins declare, list and remove; keys are unique per app; dashboard widgets take no object filter", async () => {
    for (const who of [session(t, "member"), session(b, "admin")]) {
      expect(failure(await declare({ embedUrl: `${ORIGIN_A}/w` }, who))).toMatchObject({ status: 403 });
      expect((await runAs(listWidgetsOp, who, {})).status).toBe(403);
    }
    const first = expectOk(await declare({ key: "dup", embedUrl: `${ORIGIN_A}/w` }));
    expect(first).toMatchObject({ appId, key: "dup", location: "record", embedUrl: `${ORIGIN_A}/w`, objects: [] });
    expect(await declare({ key: "dup", embedUrl: `${ORIGIN_A}/w2` })).toMatchObject({ status: 409, details: [{ path: "key" }] });
    expect(await declare({ location: "dashboard", objects: ["contact"], embedUrl: `${ORIGIN_A}/w` })).toMatchObject({
      status: 400,
      details: [{ path: "objects" }],
    });
    expect(await declare({ location: "sidebar", embedUrl: `${ORIGIN_A}/w` })).toMatchObject({
      status: 400,
      details: [{ path: "location" }],
    });
    expect(await declare({ appId: "00000000-0000-4000-8000-000000000000", embedUrl: `${ORIGIN_A}/w` })).toMatchObject({ status: 404 });
    expect(expectOk(await runAs(listWidgetsOp, session(t), {})).data.map((w) => w.id)).toContain(first.id);
    expect((await runAs(removeWidgetOp, session(t, "member"), { id: first.id })).status).toBe(403);
    expectOk(await runAs(removeWidgetOp, session(t), { id: first.id }));
    expect((await runAs(removeWidgetOp, session(t), { id: first.id })).status).toBe(404);
  });

  it("places a widget only where its app is installed with widgets:embed, by object, and drops it on uninstall", async () => {
    const app = await registerApp([ORIGIN_A, ORIGIN_B]);
    const add = (input: Record<string, unknown>) =>
      runAs(declareWidgetOp, session(t), { appId: app, title: "W", location: "record", ...input }).then(expectOk);
    const onContacts = await add({ key: "contacts", embedUrl: `${ORIGIN_A}/contacts`, objects: ["contact"] });
    const everywhere = await add({ key: "all", embedUrl: `${ORIGIN_B}/all` });
    const board = await add({ key: "board", location: "dashboard", embedUrl: `${ORIGIN_A}/board` });
    const placed = async (tenant: TestTenant, input: Record<string, unknown>) =>
      expectOk(await runAs(placedWidgetsOp, session(tenant, "member"), input))
        .data.filter((w) => w.appId === app)
        .map((w) => w.id);

    expect(await placed(t, { location: "record", objectApiName: "contact" })).toEqual([]);
    await install(t, app, ["records:read"]);
    expect(await placed(t, { location: "record", objectApiName: "contact" })).toEqual([]);

    // A member's consent places nothing on everyone's pages: installing for the company is an admin's.
    await install(t, app, ["records:read", "widgets:embed"], "member");
    expect(await placed(t, { location: "record", objectApiName: "contact" })).toEqual([]);
    const grantId = await install(t, app, ["records:read", "widgets:embed"]);
    expect((await placed(t, { location: "record", objectApiName: "contact" })).sort()).toEqual([onContacts.id, everywhere.id].sort());
    expect(await placed(t, { location: "record", objectApiName: "company" })).toEqual([everywhere.id]);
    expect(await placed(t, { location: "dashboard" })).toEqual([board.id]);
    const shown = expectOk(await runAs(placedWidgetsOp, session(t, "read_only"), { location: "dashboard" })).data.find(
      (w) => w.id === board.id,
    );
    expect(shown).toMatchObject({ embedOrigin: ORIGIN_A, installId: grantId, embedUrl: `${ORIGIN_A}/board` });
    // Another tenant, where nobody installed it: nothing, and its policy frames nothing of the app.
    expect(await placed(b, { location: "record", objectApiName: "contact" })).toEqual([]);
    expect(await widgetPagePolicy(b.tenantId, "/dashboard")).not.toContain(ORIGIN_A);

    // The pages' frame-src: exactly the origins of the widgets shown there.
    const contactPage = await widgetPagePolicy(t.tenantId, `/records/contact/${randomUUID()}`);
    expect(contactPage).toMatch(/^frame-ancestors 'none'; frame-src /);
    expect(
      frameSrc(contactPage)
        .filter((o) => o === ORIGIN_A || o === ORIGIN_B)
        .sort(),
    ).toEqual([ORIGIN_A, ORIGIN_B]);
    expect(frameSrc(await widgetPagePolicy(t.tenantId, `/records/company/${randomUUID()}`))).toContain(ORIGIN_B);
    expect(frameSrc(await widgetPagePolicy(t.tenantId, `/records/company/${randomUUID()}`))).not.toContain(ORIGIN_A);
    // Percent-encoded as Next decodes it: still the contact page, with its policy.
    expect(frameSrc(await widgetPagePolicy(t.tenantId, `/records/%63ontact/${randomUUID()}`))).toContain(ORIGIN_A);
    // Every other page behind the proxy frames nothing.
    for (const other of ["/settings/apps", "/records/contact", "/records/contact/new", "/records/%E0%A4%A/x"])
      expect(await widgetPagePolicy(t.tenantId, other), other).toBe("frame-ancestors 'none'; frame-src 'none'");

    // An origin taken off the allowlist takes its widgets with it.
    await withPlatformSql(
      async (tx) => void (await tx.$executeRaw`UPDATE oauth_app SET allowed_origins = ${[ORIGIN_B]}::text[] WHERE id = ${app}::uuid`),
    );
    expect(await placed(t, { location: "record", objectApiName: "contact" })).toEqual([everywhere.id]);
    await withPlatformSql(
      async (tx) =>
        void (await tx.$executeRaw`UPDATE oauth_app SET allowed_origins = ${[ORIGIN_A, ORIGIN_B]}::text[] WHERE id = ${app}::uuid`),
    );

    // Uninstalling the admin's grant removes every widget at once (the member's grant still counts for nothing).
    expectOk(await runAs(uninstallOp, session(t), { grantId }));
    expect(await placed(t, { location: "record", objectApiName: "contact" })).toEqual([]);
    expect(await placed(t, { location: "dashboard" })).toEqual([]);
    expect(frameSrc(await widgetPagePolicy(t.tenantId, "/dashboard"))).not.toContain(ORIGIN_A);
  });

  it("shows nothing of an unpublished app, even installed", async () => {
    const draft = await registerApp([ORIGIN_A], false);
    expectOk(
      await runAs(declareWidgetOp, session(t), {
        appId: draft,
        key: "draft",
        title: "D",
        location: "dashboard",
        embedUrl: `${ORIGIN_A}/d`,
      }),
    );
    await install(t, draft, ["widgets:embed"]);
    expect(expectOk(await runAs(placedWidgetsOp, session(t), { location: "dashboard" })).data.map((w) => w.appId)).not.toContain(draft);
  });
});

function frameSrc(policy: string | null): string[] {
  return (/frame-src ([^;]*)/.exec(policy ?? "")?.[1] ?? "").split(" ");
}
