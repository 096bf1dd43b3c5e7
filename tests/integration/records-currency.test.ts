/**
 * Currency values (issue item 14): every surface returns a currency value as a decimal string with
 * exactly its field's scale ("40000" is answered "40000.00" for a scale of 2): single and bulk
 * writes, get, list, the data endpoint, MCP tools, webhook payloads and currency rollups.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema, type FieldInput } from "@/lib/schemas/fields.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { bumpSchemaVersion } from "@/lib/services/objects/schema-version.ts";
import { createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { mcpClient } from "../helpers/mcp.ts";
import { call } from "../helpers/rest.ts";
import { bigKey, createCustomObject, errorOf, RecordsApi, type ApiRecord, type BulkCreateResult } from "./records/helpers.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { GET: dataRoute } = restRoute("/data/{object}");
const { GET: describeRoute } = restRoute("/objects/{apiName}");

const addField = (t: TestTenant, object: string, field: FieldInput) =>
  withTenantSql(t.tenantId, async (tx) => insertFieldDefinition(tx, t.tenantId, object, fieldInputSchema.parse(field)));

describe("currency values carry their field's scale", () => {
  let t: TestTenant;
  let key: string;
  let deals: RecordsApi;
  let companies: RecordsApi;

  beforeAll(async () => {
    t = await createTestTenant("currency");
    key = await bigKey(t);
    deals = new RecordsApi(key, "opportunity");
    companies = new RecordsApi(key, "company");
  });

  it("describes the scale of currency fields (2 unless chosen)", async () => {
    const res = await call(describeRoute, { auth: key, params: { apiName: "opportunity" } });
    const fields = res.json<{ fields: { apiName: string; scale?: number }[] }>().fields;
    expect(fields.find((f) => f.apiName === "amount")).toMatchObject({ type: "currency", scale: 2 });
    expect(fields.find((f) => f.apiName === "probability")).not.toHaveProperty("scale");
  });

  it("answers POST, GET, list, PATCH, bulk and the data endpoint with exactly two decimals", async () => {
    const created = await deals.mustCreate({ name: "Scale one", stage: "proposal", amount: "40000" });
    expect(created.amount).toBe("40000.00");
    expect((await deals.mustGet(created.id)).amount).toBe("40000.00");
    const asNumber = await deals.mustCreate({ name: "Scale two", stage: "proposal", amount: 48000.1 });
    expect(asNumber.amount).toBe("48000.10");
    expect((await deals.page({ search: "scale", order: "name:asc" })).data.map((r) => r.amount)).toEqual(["40000.00", "48000.10"]);
    expect((await deals.patch(created.id, { amount: "12.5" })).json<ApiRecord>().amount).toBe("12.50");
    expect((await deals.patch(created.id, { amount: "40000.000" })).json<ApiRecord>().amount).toBe("40000.00");

    const bulk = (await deals.bulkCreate([{ name: "Scale bulk", stage: "proposal", amount: "7" }])).json<BulkCreateResult>();
    expect((await deals.mustGet(bulk.results[0]!.id!)).amount).toBe("7.00");
    const rows = (await call(dataRoute, { auth: key, params: { object: "opportunity" }, query: { filter: "name:Scale bulk" } })).json<{
      rows: { amount: unknown }[];
    }>().rows;
    expect(rows.map((r) => r.amount)).toEqual(["7.00"]);
  });

  it("refuses more decimals than the scale instead of rounding", async () => {
    const res = await deals.create({ name: "Too precise", stage: "proposal", amount: "10.005" });
    expect(errorOf(res, 400)).toBe("amount: must be a decimal with at most 2 decimal places");
  });

  it("sends the same string through MCP and in webhook payloads", async () => {
    const mcp = await mcpClient("v2-modern", key);
    try {
      const made = await mcp.callTool({
        name: "create_record",
        arguments: { object: "opportunity", values: { name: "Scale mcp", stage: "proposal", amount: 250 } },
      });
      const id = (made.structuredContent as ApiRecord).id;
      expect(made.structuredContent).toMatchObject({ amount: "250.00" });
      expect((await mcp.callTool({ name: "get_record", arguments: { object: "opportunity", id } })).structuredContent).toMatchObject({
        amount: "250.00",
      });
      const events = await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$queryRaw<
            { payload: string }[]
          >`SELECT payload FROM outbox_event WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${id}::uuid`,
      );
      expect(events.map((e) => (JSON.parse(e.payload) as { data: { amount: unknown } }).data.amount)).toEqual(["250.00"]);
    } finally {
      await mcp.close();
    }
  });

  it("writes currency rollups (sum, min, max, avg) with the scale of the field they aggregate", async () => {
    for (const aggregate of ["min", "max", "avg"] as const) {
      await addField(t, "company", {
        apiName: `${aggregate}_amount`,
        label: aggregate,
        type: "rollup",
        rollup: { childObject: "opportunity", childField: "company", aggregate, valueField: "amount" },
      });
    }
    const co = await companies.mustCreate({ name: "Rollup Co", annual_revenue: 1000000 });
    expect(co.annual_revenue).toBe("1000000.00");
    for (const amount of ["40000", "5000.5", "1"])
      await deals.mustCreate({ name: `Rollup ${amount}`, stage: "proposal", amount, company: co.id });
    expect(await companies.mustGet(co.id)).toMatchObject({
      pipeline_amount: "45001.50",
      min_amount: "1.00",
      max_amount: "40000.00",
      avg_amount: "15000.50",
    });
  });

  it("uses a chosen scale: 0 and 4 decimal places", async () => {
    await createCustomObject(t, "tariff", [
      { apiName: "fee", label: "Fee", type: "currency", scale: 0 },
      { apiName: "rate", label: "Rate", type: "currency", scale: 4 },
    ]);
    const tariffs = new RecordsApi(key, "tariff");
    expect(await tariffs.mustCreate({ name: "T1", fee: "12.00", rate: "0.5" })).toMatchObject({ fee: "12", rate: "0.5000" });
    expect(errorOf(await tariffs.create({ name: "T2", fee: 12.5 }), 400)).toBe(
      "fee: must be a whole number (this field has no decimal places)",
    );
    expect(errorOf(await tariffs.create({ name: "T3", rate: "0.00001" }), 400)).toBe(
      "rate: must be a decimal with at most 4 decimal places",
    );
  });

  it("only currency fields have a scale, from 0 to 4", () => {
    const parse = (f: Record<string, unknown>) =>
      fieldInputSchema.safeParse({ apiName: "fee", label: "Fee", ...f }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(parse({ type: "number", scale: 2 })).toEqual(["scale: only currency fields have a scale"]);
    expect(parse({ type: "currency", scale: 5 })).toHaveLength(1);
    expect(parse({ type: "currency", scale: 3 })).toBeUndefined();
  });

  it("gives fields from before scales existed a scale that keeps every stored value (migration currency_scale)", async () => {
    await createCustomObject(t, "legacy", [
      { apiName: "precise", label: "Precise", type: "currency", scale: 4 },
      { apiName: "plain", label: "Plain", type: "currency", scale: 4 },
    ]);
    const legacy = new RecordsApi(key, "legacy");
    const r = await legacy.mustCreate({ name: "Old", precise: "0.125", plain: "3.5" });
    await legacy.mustCreate({ name: "Older", precise: "2", plain: "10" });
    // As the fields were before: no scale in their config, values stored as the client sent them.
    const migration = readFileSync(path.join(process.cwd(), "prisma/migrations/20261124020647_currency_scale/migration.sql"), "utf8");
    await withTenantSql(t.tenantId, async (tx) => {
      await tx.$executeRaw`UPDATE field_def SET config = config - 'scale' WHERE tenant_id = ${t.tenantId}::uuid AND api_name IN ('precise', 'plain')`;
      await tx.$executeRaw(Prisma.raw(migration));
      await bumpSchemaVersion(tx, t.tenantId);
    });
    const fields = (await call(describeRoute, { auth: key, params: { apiName: "legacy" } })).json<{
      fields: { apiName: string; scale?: number }[];
    }>().fields;
    expect(Object.fromEntries(fields.filter((f) => f.scale !== undefined).map((f) => [f.apiName, f.scale]))).toEqual({
      precise: 3,
      plain: 2,
    });
    expect(await legacy.mustGet(r.id)).toMatchObject({ precise: "0.125", plain: "3.50" });
  });
});
