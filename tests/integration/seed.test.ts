import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withPlatformSql, withTenantSql } from "@/lib/db/tenant.ts";
import { verifyLogin } from "@/lib/services/auth/verify-login.ts";
import { DEMO_TENANT_ID, SAMPLE_APP_REDIRECT_URI, SECOND_TENANT_ID, seedDemo } from "@/lib/services/tenants/seed-demo.ts";
import { authenticateClient } from "@/lib/services/oauth/client-auth.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: listObjects } = restRoute("/objects");

async function counts(tenantId: string) {
  // No tenant filter: row-level security alone limits each count to the tenant's rows.
  const [row] = await withTenantSql(
    tenantId,
    async (tx) =>
      await tx.$queryRaw<
        [{ objects: number; fields: number; users: number; records: number; keys: number; activeFlows: number; approvalProcesses: number }]
      >`
      SELECT (SELECT count(*)::int FROM object_def) AS objects,
             (SELECT count(*)::int FROM field_def) AS fields,
             (SELECT count(*)::int FROM app_user) AS users,
             (SELECT count(*)::int FROM record) AS records,
             (SELECT count(*)::int FROM api_key) AS keys,
             (SELECT count(*)::int FROM flow WHERE status = 'active') AS "activeFlows",
             (SELECT count(*)::int FROM approval_process) AS "approvalProcesses"`,
  );
  return row;
}

describe("demo seed", () => {
  it("creates the demo and second tenants once, and prints a working key and login every time", async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "crm-seed-"));
    process.env.SEED_ADMIN_PASSWORD = "seed-test-password";
    const first = await seedDemo();
    const before = { demo: await counts(DEMO_TENANT_ID), second: await counts(SECOND_TENANT_ID) };
    const second = await seedDemo();
    expect(second).toEqual(first);
    expect({ demo: await counts(DEMO_TENANT_ID), second: await counts(SECOND_TENANT_ID) }).toEqual(before);

    expect(before.demo.records).toBeGreaterThan(10);
    expect(before.demo.objects).toBe(6); // five built-in objects and the custom "project"
    expect(before.second.objects).toBe(5);
    expect(before.second.records).toBe(0);
    // Something to enroll records in and a process that asks for approval, as the Postman collection uses.
    expect(before.demo).toMatchObject({ activeFlows: 1, approvalProcesses: 1 });
    expect(before.second).toMatchObject({ activeFlows: 0, approvalProcesses: 0 });

    const res = await call(listObjects, { auth: first.apiKey });
    expect(res.status).toBe(200);
    expect(res.json<{ data: { apiName: string }[] }>().data.map((o) => o.apiName)).toContain("project");
    expect(await verifyLogin(first.email, "seed-test-password")).toMatchObject({ user: { tenantId: DEMO_TENANT_ID } });
  });

  it("publishes the sample OAuth app once, with a secret that authenticates, and makes the demo admin platform admin", async () => {
    const demo = await seedDemo();
    expect(demo.sampleApp.clientId).toMatch(/^crm_app_/);
    expect((await seedDemo()).sampleApp).toEqual(demo.sampleApp);
    const app = await withPlatformSql(async (tx) => authenticateClient(tx, demo.sampleApp));
    expect(app.redirect_uris).toEqual([SAMPLE_APP_REDIRECT_URI]);
    const [admin] = await withTenantSql(
      DEMO_TENANT_ID,
      async (tx) =>
        await tx.$queryRaw<
          { platformAdmin: boolean }[]
        >`SELECT platform_admin AS "platformAdmin" FROM app_user WHERE email = ${demo.email} LIMIT 1`,
    );
    expect(admin).toBeDefined();
    expect(admin!.platformAdmin).toBe(true);
    const [{ others }] = await withTenantSql(
      DEMO_TENANT_ID,
      async (tx) =>
        await tx.$queryRaw<
          [{ others: number }]
        >`SELECT count(*)::int AS others FROM app_user WHERE platform_admin AND email <> ${demo.email}`,
    );
    expect(others).toBe(0);
  });
});
