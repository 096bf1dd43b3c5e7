import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { serverActor } from "@/lib/auth/actor.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema } from "@/lib/schemas/fields.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { computeFields, type RecordValues } from "@/lib/services/records/computed-fields.ts";
import { createRecords, trashRecord } from "@/lib/services/records/write-records.ts";
import { createTestTenant, type TestTenant } from "../helpers/fixtures.ts";

/** Through the records write path, so the child's lookup is indexed as the API would store it. */
async function insert(t: TestTenant, objectApiName: string, data: Record<string, unknown>, deleted = false): Promise<string> {
  return withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, objectApiName);
    const [result] = await createRecords(tx, { actor: serverActor(t.tenantId, t.users.admin), object, inputs: [data] });
    if (!result?.ok) throw new Error(`insert failed: ${result?.error.message}`);
    if (deleted) await trashRecord(tx, t.tenantId, object, result.record.id);
    return result.record.id;
  });
}

async function computed(t: TestTenant, objectApiName: string, records: RecordValues[]): Promise<RecordValues[]> {
  await withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, objectApiName);
    await computeFields(tx, t.tenantId, object.fields, records);
  });
  return records;
}

describe("computed fields", () => {
  let a: TestTenant;
  let acme: string;
  let empty: string;
  beforeAll(async () => {
    a = await createTestTenant("computed");
    acme = await insert(a, "company", { name: "Acme" });
    empty = await insert(a, "company", { name: "Empty Co" });
    await insert(a, "opportunity", { name: "One", stage: "proposal", amount: "48000.10", probability: 60, company: acme });
    await insert(a, "opportunity", { name: "Two", stage: "proposal", amount: "5000.25", company: acme });
    await insert(a, "opportunity", { name: "No amount", stage: "proposal", company: acme });
    await insert(a, "opportunity", { name: "Trashed", stage: "proposal", amount: "999.00", company: acme }, true);
  });

  it("computes formulas from the record's values", async () => {
    const [opp] = await computed(a, "opportunity", [{ id: randomUUID(), data: { amount: "48000.00", probability: 60 } }]);
    expect(opp!.data.expected_revenue).toBe(28800);
    const [contact, noFirst] = await computed(a, "contact", [
      { id: randomUUID(), data: { first_name: "José", last_name: "Núñez" } },
      { id: randomUUID(), data: { last_name: "Solo" } },
    ]);
    expect(contact!.data.full_name).toBe("José Núñez");
    expect(noFirst!.data.full_name).toBe("Solo");
  });

  it("a formula over missing values is null, not an error", async () => {
    const [opp] = await computed(a, "opportunity", [{ id: randomUUID(), data: { amount: "100.00" } }]);
    expect(opp!.data.expected_revenue).toBeNull();
  });

  it("rolls up child records: count, and an exact sum of currency, skipping trashed children", async () => {
    const [withDeals, none] = await computed(a, "company", [
      { id: acme, data: {} },
      { id: empty, data: {} },
    ]);
    expect(withDeals!.data).toMatchObject({ open_deals: 3, pipeline_amount: "53000.35" });
    expect(none!.data).toMatchObject({ open_deals: 0, pipeline_amount: null });
  });

  it("supports min, max and avg rollups on custom fields", async () => {
    await withTenantSql(a.tenantId, async (tx) => {
      for (const aggregate of ["min", "max", "avg"] as const) {
        await insertFieldDefinition(
          tx,
          a.tenantId,
          "company",
          fieldInputSchema.parse({
            apiName: `${aggregate}_amount`,
            label: aggregate,
            type: "rollup",
            rollup: { childObject: "opportunity", childField: "company", aggregate, valueField: "amount" },
          }),
        );
      }
    });
    const [company] = await computed(a, "company", [{ id: acme, data: {} }]);
    expect(company!.data).toMatchObject({ min_amount: "5000.25", max_amount: "48000.10", avg_amount: "26500.18" });
  });

  it("writes a currency rollup with the scale of the field it aggregates, over values stored before scales too", async () => {
    const co = await insert(a, "company", { name: "Scaled Co" });
    const opp = await insert(a, "opportunity", { name: "Old amount", stage: "proposal", amount: "7", company: co });
    // As a value written before currency fields had a scale: the digits the client sent.
    await withTenantSql(a.tenantId, async (tx) => {
      await tx.$executeRaw`UPDATE record SET data = data || '{"amount": "7"}'::jsonb WHERE id = ${opp}::uuid`;
    });
    const [company] = await computed(a, "company", [{ id: co, data: {} }]);
    expect(company!.data).toMatchObject({ pipeline_amount: "7.00", min_amount: "7.00", max_amount: "7.00", avg_amount: "7.00" });
  });

  it("never counts another tenant's children", async () => {
    const b = await createTestTenant("computed-b");
    // Tenant B's opportunity claims to belong to tenant A's company id (the API refuses such a
    // link, so it is written around the API: data and the lookup's slot column).
    const own = await insert(b, "company", { name: "B Co" });
    const intruder = await insert(b, "opportunity", { name: "Intruder", stage: "proposal", amount: "1.00", company: own });
    await withTenantSql(b.tenantId, async (tx) => {
      const slot = (await loadObjectSchema(tx, b.tenantId, "opportunity")).fields.find((f) => f.apiName === "company")!.slot!;
      expect(slot).toMatch(/^t\d\d$/);
      await tx.$executeRaw(
        Prisma.sql`UPDATE record SET data = data || jsonb_build_object('company', ${acme}::text), ${Prisma.raw(slot)} = ${acme} WHERE id = ${intruder}::uuid`,
      );
    });
    const [company] = await computed(a, "company", [{ id: acme, data: {} }]);
    expect(company!.data.open_deals).toBe(3);
    const [fromB] = await computed(b, "company", [{ id: acme, data: {} }]);
    expect(fromB!.data.open_deals).toBe(1); // B only ever sees its own record
  });
});
