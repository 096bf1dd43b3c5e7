/**
 * Per-tenant OpenAPI (issue 19 item 9): GET /api/v1/openapi.json with a credential describes that
 * tenant — its objects, custom ones included, each with its fields as a typed record schema and
 * its own record paths — as the credential may read them; anonymous, the generic document.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/v1/openapi.json/route.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { call } from "../helpers/rest.ts";
import { restRoute } from "../helpers/rest-route.ts";

const { POST: createField } = restRoute("/objects/{apiName}/fields");
const { POST: createObject } = restRoute("/objects");

type Doc = {
  info: { title: string };
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
  components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }> };
};

describe("per-tenant OpenAPI", () => {
  let a: TestTenant;
  let keyA: string;
  const doc = async (auth?: string) => {
    const res = await call(openapi, { auth });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    return res.json<Doc>();
  };

  beforeAll(async () => {
    a = await createTestTenant("oas");
    keyA = (await createTestKey(a)).secret;
    expect(
      (await call(createObject, { auth: keyA, body: { apiName: "shipment", label: "Shipment", pluralLabel: "Shipments" } })).status,
    ).toBe(201);
    for (const field of [
      {
        apiName: "carrier",
        label: "Carrier",
        type: "select",
        required: true,
        options: [
          { value: "ups", label: "UPS" },
          { value: "dhl", label: "DHL" },
        ],
      },
      { apiName: "cost", label: "Cost", type: "currency", scale: 3 },
      { apiName: "client", label: "Client", type: "lookup", targetObject: "company" },
      { apiName: "shipped_on", label: "Shipped on", type: "date" },
    ])
      expect((await call(createField, { auth: keyA, params: { apiName: "shipment" }, body: field })).status).toBe(201);
  });

  it("describes the tenant's objects with typed fields and their own record paths", async () => {
    const d = await doc(keyA);
    expect(d.info.title).toMatch(/Tenant oas-/);
    const record = d.components.schemas.ShipmentRecord!;
    expect(record.properties.carrier).toMatchObject({ anyOf: [{ type: "string", enum: ["ups", "dhl"] }, { type: "null" }] });
    expect(record.properties.cost).toMatchObject({ anyOf: [{ type: "string", pattern: "^-?\\d+(\\.\\d{3})?$" }, { type: "null" }] });
    expect(record.properties.client).toMatchObject({ anyOf: [{ type: "string", format: "uuid" }, { type: "null" }] });
    expect(record.properties.shipped_on).toMatchObject({ anyOf: [{ type: "string", format: "date" }, { type: "null" }] });
    expect(record.properties.id).toMatchObject({ readOnly: true });
    expect(Object.keys(d.paths["/shipment"]!)).toEqual(["get", "post"]);
    expect(Object.keys(d.paths["/shipment/{id}"]!)).toEqual(["get", "patch", "delete"]);
    expect(d.paths["/shipment"]!.post!.operationId).toBe("records.create.shipment");
    expect(d.paths["/shipment"]!.post!.requestBody!.content["application/json"]!.schema).toEqual({
      allOf: [{ $ref: "#/components/schemas/ShipmentValues" }, { required: ["name", "carrier"] }],
    });
    // Built-in objects too, and the generic paths stay for everything else.
    expect(d.components.schemas.ContactRecord!.properties.email).toBeDefined();
    expect(d.paths["/{object}/bulk"]).toBeDefined();
  });

  it("anonymous callers get the generic document; another tenant and a key limited to contacts see only theirs", async () => {
    const generic = await doc();
    expect(generic.paths["/shipment"]).toBeUndefined();
    expect(generic.components.schemas.ShipmentRecord).toBeUndefined();
    const b = await createTestTenant("oas-b");
    const other = await doc((await createTestKey(b)).secret);
    expect(other.paths["/shipment"]).toBeUndefined();
    expect(other.paths["/contact"]).toBeDefined();
    const limited = await doc((await createTestKey(a, { allowedObjects: ["contact"] })).secret);
    expect(
      Object.keys(limited.paths).filter((p) => /^\/[a-z_]+$/.test(p) && limited.paths[p]!.get?.operationId?.startsWith("records.")),
    ).toEqual(["/contact"]);
  });

  it("a bad credential is refused as everywhere else", async () => {
    const res = await call(openapi, { auth: "crm_not_a_key" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
