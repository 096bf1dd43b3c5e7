/**
 * The schema by API (issue 19 item 11): admins' credentials create and change custom objects and
 * fields with the settings screen's own operations — the same validation and messages — and each
 * change is in the audit log with the key that made it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listAudit } = restRoute("/audit-log");
const { GET: listRecords, POST: createRecord } = restRoute("/{object}");
const { DELETE: archiveField, PATCH: patchField } = restRoute("/objects/{apiName}/fields/{fieldApiName}");
const { POST: createField } = restRoute("/objects/{apiName}/fields");
const { DELETE: archiveObject, GET: describe_, PATCH: patchObject } = restRoute("/objects/{apiName}");
const { POST: createObject } = restRoute("/objects");

describe("schema by API", () => {
  let t: TestTenant;
  let key: string;

  beforeAll(async () => {
    t = await createTestTenant("schema-api");
    key = (await createTestKey(t)).secret;
  });

  it("creates an object and its fields, whose records the API then takes; changes and archives them", async () => {
    const made = await call(createObject, { auth: key, body: { apiName: "shipment", label: "Shipment", pluralLabel: "Shipments" } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.json()).toEqual({ apiName: "shipment", label: "Shipment", custom: true });
    const field = await call(createField, {
      auth: key,
      params: { apiName: "shipment" },
      body: {
        apiName: "carrier",
        label: "Carrier",
        type: "select",
        options: [
          { value: "ups", label: "UPS" },
          { value: "dhl", label: "DHL" },
        ],
      },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    expect(field.json()).toMatchObject({ apiName: "carrier", type: "select", required: false });
    const weight = await call(createField, {
      auth: key,
      params: { apiName: "shipment" },
      body: { apiName: "weight", label: "Weight", type: "number", required: true },
    });
    expect(weight.status).toBe(201);

    const record = await call(createRecord, {
      auth: key,
      params: { object: "shipment" },
      body: { name: "S-1", carrier: "ups", weight: 12 },
    });
    expect(record.status, JSON.stringify(record.body)).toBe(201);
    expect((await call(createRecord, { auth: key, params: { object: "shipment" }, body: { name: "S-2", carrier: "fedex" } })).status).toBe(
      400,
    );

    const renamed = await call(patchField, {
      auth: key,
      method: "PATCH",
      params: { apiName: "shipment", fieldApiName: "carrier" },
      body: { label: "Carrier name" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json().label).toBe("Carrier name");
    const relabelled = await call(patchObject, {
      auth: key,
      method: "PATCH",
      params: { apiName: "shipment" },
      body: { pluralLabel: "Deliveries" },
    });
    expect(relabelled.status).toBe(200);
    expect((await call(describe_, { auth: key, params: { apiName: "shipment" } })).json()).toMatchObject({ pluralLabel: "Deliveries" });

    expect(
      (await call(archiveField, { auth: key, method: "DELETE", params: { apiName: "shipment", fieldApiName: "weight" } })).json(),
    ).toMatchObject({ apiName: "weight" });
    expect((await call(archiveObject, { auth: key, method: "DELETE", params: { apiName: "shipment" } })).status).toBe(200);
    expect((await call(listRecords, { auth: key, params: { object: "shipment" } })).status).toBe(404);

    const log = (await call(listAudit, { auth: key, query: { limit: "7" } })).json<{
      data: { action: string; credential: { kind: string } }[];
    }>();
    expect(log.data.map((e) => e.action)).toEqual([
      "object.archived",
      "field.archived",
      "object.updated",
      "field.updated",
      "field.created",
      "field.created",
      "object.created",
    ]);
    expect(log.data.every((e) => e.credential.kind === "api_key")).toBe(true);
  });

  it("refuses what the settings screen refuses, with the same messages and field paths; unknown members too", async () => {
    const cases: [Parameters<typeof call>[0], Parameters<typeof call>[1], number, string][] = [
      [
        createObject,
        { auth: key, body: { apiName: "contact", label: "C", pluralLabel: "Cs" } },
        400,
        "apiName: an object named 'contact' already exists",
      ],
      [createObject, { auth: key, body: { apiName: "Bad Name", label: "B", pluralLabel: "Bs" } }, 400, "apiName"],
      [createObject, { auth: key, body: { apiName: "extra", label: "E", pluralLabel: "Es", color: "red" } }, 400, "color"],
      [
        createField,
        { auth: key, params: { apiName: "contact" }, body: { apiName: "tags", label: "Tags", type: "select" } },
        400,
        "options: is required for select fields",
      ],
      [
        createField,
        { auth: key, params: { apiName: "nothing_here" }, body: { apiName: "x_field", label: "X", type: "text" } },
        404,
        "Object 'nothing_here' not found",
      ],
      [patchObject, { auth: key, method: "PATCH", params: { apiName: "contact" }, body: {} }, 400, "change at least one"],
      // PostgreSQL cannot store U+0000: refused wherever the statement that meets it is written (here by Prisma).
      [patchObject, { auth: key, method: "PATCH", params: { apiName: "contact" }, body: { label: "a\u0000b" } }, 400, "NUL"],
      [
        createField,
        { auth: key, params: { apiName: "contact" }, body: { apiName: "nul_label", label: "a\u0000b", type: "text" } },
        400,
        "NUL",
      ],
    ];
    for (const [handler, o, status, text] of cases) {
      const res = await call(handler, o);
      expect(res.status, JSON.stringify(o?.body)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(text);
    }
  });

  it("OAuth tokens need objects:write (never offered to agent connections), and an admin behind them", async () => {
    const app = await createPublishedApp(["objects:read", "objects:write"]);
    const admin = await mustExchange(app, await approvedCode(t, app, ["objects:write"]));
    const made = await call(createObject, {
      auth: admin.access_token,
      body: { apiName: "by_app", label: "By app", pluralLabel: "By app" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const reader = await mustExchange(app, await approvedCode(t, app, ["objects:read"]));
    const noScope = await call(createObject, { auth: reader.access_token, body: { apiName: "by_app2", label: "B", pluralLabel: "B" } });
    expect(noScope.status).toBe(403);
    expect(noScope.json().error).toBe("errors.insufficientScope");
    const member = await mustExchange(app, await approvedCode(t, app, ["objects:write"], { user: "member" }));
    expect(
      (await call(createObject, { auth: member.access_token, body: { apiName: "by_app3", label: "B", pluralLabel: "B" } })).status,
    ).toBe(403);
  });
});
