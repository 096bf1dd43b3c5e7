/**
 * Bulk upsert on a unique field (issue 19 item 10): POST /{object}/bulk?upsertOn=<field> updates
 * the record holding each item's value or creates one, says which per item, and stays exact when
 * two syncs send the same new values at once (one record per value, never a duplicate or an
 * error); the MCP bulk tool takes the same option.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import { mcpClient, ok } from "../../helpers/mcp.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: bulkCreate } = restRoute("/{object}/bulk");
const { GET: listRecords } = restRoute("/{object}");

type Result = {
  results: { index: number; ok: boolean; id?: string; error?: string; action?: string }[];
  created: number;
  updated?: number;
  failed: number;
};

describe("bulk upsert", () => {
  let t: TestTenant;
  let key: string;
  const upsert = (records: unknown[], upsertOn = "email", auth = key) =>
    call(bulkCreate, { auth, params: { object: "contact" }, query: { upsertOn }, body: { records } });
  const contactsWith = async (email: string, auth = key) =>
    (await call(listRecords, { auth, params: { object: "contact" }, query: { filter: `email:eq:${email}` } })).json<{
      data: { id: string; last_name: string; email: string }[];
    }>().data;

  beforeAll(async () => {
    t = await createTestTenant("upsert");
    key = (await createTestKey(t)).secret;
  });

  it("updates the record holding each value (matched as the unique index folds it) and creates the others, saying which", async () => {
    const stamp = randomUUID().slice(0, 8);
    const first = await upsert([{ last_name: "Original", email: `ada-${stamp}@example.com` }]);
    expect(first.json<Result>()).toMatchObject({ created: 1, updated: 0, failed: 0, results: [{ ok: true, action: "created" }] });
    const existingId = first.json<Result>().results[0]!.id;

    const res = await upsert([
      { last_name: "Changed", email: `ADA-${stamp}@Example.com` },
      { last_name: "Newcomer", email: `new-${stamp}@example.com` },
    ]);
    expect(res.status).toBe(200);
    expect(res.json<Result>()).toEqual({
      results: [
        { index: 0, ok: true, id: existingId, action: "updated" },
        { index: 1, ok: true, id: expect.any(String), action: "created" },
      ],
      created: 1,
      updated: 1,
      failed: 0,
    });
    expect((await contactsWith(`ada-${stamp}@example.com`)).map((c) => c.last_name)).toEqual(["Changed"]);
    // The update and the create each wrote their event.
    const events = await withTenantSql(
      t.tenantId,
      async (tx) =>
        await tx.$queryRaw<{ event: string }[]>`SELECT event FROM outbox_event WHERE record_id = ${existingId}::uuid ORDER BY created_at`,
    );
    expect(events.map((e) => e.event)).toEqual(["record.created", "record.updated"]);
  });

  it("answers per item: a missing value, a value twice in one request, an invalid field; the rest goes through", async () => {
    const stamp = randomUUID().slice(0, 8);
    const res = await upsert([
      { last_name: "No email" },
      { last_name: "Twice A", email: `twice-${stamp}@example.com` },
      { last_name: "Twice B", email: `TWICE-${stamp}@example.com` },
      { last_name: "Bad", email: `bad-${stamp}@example.com`, colour: "red" },
      "not an object",
    ]);
    const body = res.json<Result>();
    expect(body.results.map((r) => [r.ok, r.action ?? r.error])).toEqual([
      [false, "email: is required to upsert on it"],
      [true, "created"],
      [false, "email: item 1 of this request has the same value"],
      [false, "colour: is not a field of this object"],
      [false, "must be a JSON object"],
    ]);
    expect(body).toMatchObject({ created: 1, updated: 0, failed: 4 });
  });

  it("refuses a field that is not unique, and a credential that may create but not update", async () => {
    const notUnique = await upsert([{ last_name: "X", phone: "+1 555 0100" }], "phone");
    expect(notUnique.status).toBe(400);
    expect(notUnique.json().message).toBe("upsertOn: 'phone' is not a unique field of contact");
    expect((await upsert([{ last_name: "X", email: "x@example.com" }], "nothing")).status).toBe(400);
    const limited = await createTestTenant("upsert-rbac");
    await denyRole(limited, "member", "contact", { read: true, create: true, update: false, delete: false });
    const memberKey = (await createTestKey(limited, { role: "member" })).secret;
    expect((await upsert([{ last_name: "X", email: "y@example.com" }], "email", memberKey)).status).toBe(403);
    expect(
      (await call(bulkCreate, { auth: memberKey, params: { object: "contact" }, body: { records: [{ last_name: "Y" }] } })).status,
    ).toBe(200);
  });

  it("two syncs sending the same new values at once make one record per value: one creates it, the other updates it", async () => {
    const stamp = randomUUID().slice(0, 8);
    const batch = (who: string) =>
      Array.from({ length: 20 }, (_, i) => ({ last_name: `${who} ${i}`, email: `race-${stamp}-${i}@example.com` }));
    const [a, b] = await Promise.all([upsert(batch("A")), upsert(batch("B"))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ra, rb] = [a.json<Result>(), b.json<Result>()];
    expect(ra.failed + rb.failed).toBe(0);
    expect(ra.created + rb.created).toBe(20);
    expect(ra.updated! + rb.updated!).toBe(20);
    for (let i = 0; i < 20; i++) {
      const rows = await contactsWith(`race-${stamp}-${i}@example.com`);
      expect(rows).toHaveLength(1);
      expect(ra.results[i]!.id).toBe(rows[0]!.id);
      expect(rb.results[i]!.id).toBe(rows[0]!.id);
    }
  });

  it("the MCP bulk tool takes upsertOn too; another tenant's same email is another record", async () => {
    const stamp = randomUUID().slice(0, 8);
    await upsert([{ last_name: "Tenant A", email: `shared-${stamp}@example.com` }]);
    const b = await createTestTenant("upsert-b");
    const keyB = (await createTestKey(b)).secret;
    const client = await mcpClient("v2-modern", keyB);
    try {
      const result = ok<Result>(
        await client.callTool({
          name: "bulk_create_records",
          arguments: { object: "contact", upsertOn: "email", records: [{ last_name: "Tenant B", email: `shared-${stamp}@example.com` }] },
        }),
      );
      expect(result).toMatchObject({ created: 1, updated: 0, results: [{ ok: true, action: "created" }] });
      const again = ok<Result>(
        await client.callTool({
          name: "bulk_create_records",
          arguments: { object: "contact", upsertOn: "email", records: [{ last_name: "Tenant B2", email: `shared-${stamp}@example.com` }] },
        }),
      );
      expect(again).toMatchObject({ created: 0, updated: 1, results: [{ ok: true, id: result.results[0]!.id, action: "updated" }] });
    } finally {
      await client.close();
    }
    expect((await contactsWith(`shared-${stamp}@example.com`)).map((c) => c.last_name)).toEqual(["Tenant A"]);
    expect((await contactsWith(`shared-${stamp}@example.com`, keyB)).map((c) => c.last_name)).toEqual(["Tenant B2"]);
  });
});
