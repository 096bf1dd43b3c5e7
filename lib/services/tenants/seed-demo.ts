import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/data-dir.ts";
import { serverActor } from "@/lib/auth/actor.ts";
import { generateApiKey, parseApiKey } from "@/lib/auth/api-key-format.ts";
import { hashSecret } from "@/lib/auth/tenant-secret.ts";
import { hashPassword } from "@/lib/auth/password.ts";
import { withPlatformSql, withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { oauthAppInputSchema, type OAuthAppInput } from "@/lib/schemas/oauth-apps.ts";
import type { WidgetDeclaration } from "@/lib/schemas/widgets.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { clientSecretMatches, findPublishedApp } from "@/lib/services/oauth/apps.ts";
import { insertOAuthApp, publishWithNewSecret } from "@/lib/services/oauth/app-registration.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { declareWidget } from "@/lib/services/widgets/declarations.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { createRecords } from "@/lib/services/records/write-records.ts";
import { DEMO_CUSTOM_OBJECT, DEMO_RECORDS } from "./demo-data.ts";
import { createSampleAutomation } from "./demo-automation.ts";
import { createSampleSales } from "./demo-sales.ts";
import { provisionTenant } from "./provision-tenant.ts";

// Fixed ids make seeding idempotent: a tenant that exists is left alone.
export const DEMO_TENANT_ID = "0d3a7c1e-5b7a-4c8e-9f10-000000000001";
export const SECOND_TENANT_ID = "0d3a7c1e-5b7a-4c8e-9f10-000000000002";

export interface DemoLogin {
  email: string;
  password: string;
  apiKey: string;
  sampleApp: SampleAppClient;
  widgetApp: SampleAppClient;
}

/** The client of the sample OAuth app (examples/oauth-sample-app). */
export interface SampleAppClient {
  clientId: string;
  clientSecret: string;
}

interface SeedState {
  password: string;
  apiKey?: string;
  sampleApp?: SampleAppClient;
  widgetApp?: SampleAppClient;
}

/** Where the sample app listens (its README command uses this port). */
export const SAMPLE_APP_REDIRECT_URI = "http://127.0.0.1:3005/callback";

const SAMPLE_APP = oauthAppInputSchema.parse({
  name: "Sample CRM app",
  description: "The OAuth walkthrough in examples/oauth-sample-app: connects with authorization code + PKCE and lists your records.",
  redirectUris: [SAMPLE_APP_REDIRECT_URI],
  // The marketplace's Install starts the sample's own login (examples/oauth-sample-app: GET /install).
  initiateLoginUri: SAMPLE_APP_REDIRECT_URI.replace(/\/callback$/, "/install"),
  scopes: [
    "records:read",
    "records:write",
    "records:read:contact",
    "records:write:contact",
    "objects:read",
    "activities:read",
    "activities:write",
  ],
});

/** Where the widget sample app listens (examples/widget-sample-app; its README command uses this port). */
export const WIDGET_APP_ORIGIN = "http://127.0.0.1:3006";

const WIDGET_APP = oauthAppInputSchema.parse({
  name: "Widget sample app",
  description: "The widget walkthrough in examples/widget-sample-app: a record page widget with the record's name and latest activities.",
  redirectUris: [`${WIDGET_APP_ORIGIN}/callback`],
  allowedOrigins: [WIDGET_APP_ORIGIN],
  scopes: ["widgets:embed", "records:read", "objects:read", "activities:read"],
});
const WIDGET_APP_WIDGET: Omit<WidgetDeclaration, "appId"> = {
  key: "record-summary",
  title: "Record summary",
  location: "record",
  embedUrl: `${WIDGET_APP_ORIGIN}/widget`,
  objects: [],
};

const stateFile = () => path.join(dataDir(), "demo-credentials.json");

async function readState(): Promise<SeedState> {
  try {
    return JSON.parse(await readFile(stateFile(), "utf8")) as SeedState;
  } catch {
    return { password: process.env.SEED_ADMIN_PASSWORD || randomBytes(9).toString("base64url") };
  }
}

async function writeState(state: SeedState): Promise<void> {
  await mkdir(path.dirname(stateFile()), { recursive: true });
  await writeFile(stateFile(), JSON.stringify(state, null, 2), { mode: 0o600 });
}

async function createUsers(tx: SqlTx, tenantId: string, roles: Record<string, string>, domain: string, password: string) {
  const passwordHash = await hashPassword(password);
  const people = [
    { role: "admin", email: `admin@${domain}`, name: "Alex Admin" },
    { role: "member", email: `member@${domain}`, name: "Morgan Member" },
    { role: "read_only", email: `viewer@${domain}`, name: "Riley Viewer" },
  ].map((p) => ({ ...p, id: randomUUID() }));
  await tx.$executeRaw`
    INSERT INTO app_user (tenant_id, id, email, name, password_hash, role_id)
    SELECT ${tenantId}::uuid, u.id, u.email, u.name, ${passwordHash}, u.role_id
    FROM unnest(${people.map((p) => p.id)}::uuid[], ${people.map((p) => p.email)}::text[], ${people.map((p) => p.name)}::text[],
                ${people.map((p) => roles[p.role]!)}::uuid[]) AS u(id, email, name, role_id)`;
  return Object.fromEntries(people.map((p) => [p.role, p.id]));
}

/** Sample records through the same service the API uses, in dependency order (lookups by ref). */
async function createSampleRecords(tx: SqlTx, tenantId: string, ownerId: string): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  for (const [apiName, records] of Object.entries(DEMO_RECORDS)) {
    const object = await loadObjectSchema(tx, tenantId, apiName);
    const inputs = records.map((r) =>
      Object.fromEntries(
        Object.entries(r.data).map(([k, v]) => [k, typeof v === "string" && v.startsWith("@") ? refs.get(v.slice(1)) : v]),
      ),
    );
    const results = await createRecords(tx, { actor: serverActor(tenantId, ownerId), object, inputs });
    results.forEach((result, i) => {
      if (!result.ok) throw new Error(`demo ${apiName} record ${records[i]!.ref}: ${result.error.message}`);
      refs.set(records[i]!.ref, result.record.id);
    });
  }
  return refs;
}

async function seedTenant(id: string, name: string, slug: string, domain: string, password: string, withSamples: boolean) {
  const existing = await withTenantSql(id, async (tx) => await tx.$queryRaw<unknown[]>`SELECT 1 FROM tenant WHERE id = ${id}::uuid`);
  if (existing.length) return null;
  const { roles } = await provisionTenant({ id, name, slug });
  return withTenantSql(id, async (tx) => {
    const users = await createUsers(tx, id, roles, domain, password);
    if (withSamples) {
      await insertObjectDefinition(tx, id, objectInputSchema.parse(DEMO_CUSTOM_OBJECT.object));
      for (const f of DEMO_CUSTOM_OBJECT.fields) await insertFieldDefinition(tx, id, "project", fieldInputSchema.parse(f));
      await createSampleSales(tx, id, users.admin!, await createSampleRecords(tx, id, users.admin!));
      await createSampleAutomation(tx, id, users.admin!);
    }
    return users;
  });
}

async function findDemoAdmin(tx: SqlTx): Promise<string> {
  const [admin] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM app_user WHERE tenant_id = ${DEMO_TENANT_ID}::uuid AND email = 'admin@demo.example'`;
  if (!admin) throw new Error("demo seed: no user admin@demo.example in the demo tenant");
  return admin.id;
}

/** The demo API key: its secret is kept in the data directory so every start can print it. */
async function ensureDemoKey(state: SeedState, adminId: string | undefined): Promise<string> {
  return withTenantSql(DEMO_TENANT_ID, async (tx) => {
    const known = state.apiKey ? parseApiKey(state.apiKey) : null;
    if (known && state.apiKey) {
      const [row] = await tx.$queryRaw<{ revoked_at: Date | null; secret_hash: string }[]>`
        SELECT revoked_at, secret_hash FROM api_key WHERE tenant_id = ${DEMO_TENANT_ID}::uuid AND id = ${known.keyId}::uuid`;
      if (row && !row.revoked_at && row.secret_hash === hashSecret(state.apiKey)) return state.apiKey;
    }
    const creator = adminId ?? (await findDemoAdmin(tx));
    const key = generateApiKey(DEMO_TENANT_ID);
    await tx.$executeRaw`
      INSERT INTO api_key (tenant_id, id, name, prefix, secret_hash, created_by_id, allow_delete)
      VALUES (${DEMO_TENANT_ID}::uuid, ${key.id}::uuid, 'Demo key', ${key.prefix}, ${key.secretHash}, ${creator}::uuid, true)`;
    return key.secret;
  });
}

/** A sample app, published; its client secret is kept in the data directory like the demo key. */
async function ensureApp(
  known: SampleAppClient | undefined,
  input: OAuthAppInput,
  widget?: Omit<WidgetDeclaration, "appId">,
): Promise<SampleAppClient> {
  return withPlatformSql(async (tx) => {
    const app = known ? await findPublishedApp(tx, known.clientId) : undefined;
    if (known && app && clientSecretMatches(known.clientSecret, app.secret_hash)) return known;
    const id = app?.id ?? (await insertOAuthApp(tx, input)).id;
    if (!app && widget) await declareWidget(tx, { ...widget, appId: id });
    return publishWithNewSecret(tx, id);
  });
}

/**
 * Idempotent: creates the demo tenant (admin, sample data, a custom object) and a second tenant;
 * the demo admin is also the platform admin, who registers OAuth apps; the sample OAuth app and the
 * widget sample app (with its record widget) are published.
 */
export async function seedDemo(): Promise<DemoLogin> {
  const state = await readState();
  const demo = await seedTenant(DEMO_TENANT_ID, "Demo Company", "demo", "demo.example", state.password, true);
  await seedTenant(SECOND_TENANT_ID, "Second Company", "second", "second.example", state.password, false);
  await withTenantSql(
    DEMO_TENANT_ID,
    async (tx) =>
      await tx.$executeRaw`UPDATE app_user SET platform_admin = true WHERE tenant_id = ${DEMO_TENANT_ID}::uuid AND email = 'admin@demo.example'`,
  );
  const apiKey = await ensureDemoKey(state, demo?.admin);
  const sampleApp = await ensureApp(state.sampleApp, SAMPLE_APP);
  const widgetApp = await ensureApp(state.widgetApp, WIDGET_APP, WIDGET_APP_WIDGET);
  await writeState({ ...state, apiKey, sampleApp, widgetApp });
  return { email: "admin@demo.example", password: state.password, apiKey, sampleApp, widgetApp };
}
