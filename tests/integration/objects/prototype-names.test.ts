/**
 * Names of Object.prototype's properties (constructor, toString, __proto__…) as object and field
 * apiNames (issue 33 item 4). An object named `constructor` once found Object.prototype's
 * `constructor` as its role grant: every role could create (Object.create is truthy) and none could
 * read. Now `constructor` is a name like any other, for every credential and surface, `__proto__`
 * is refused as reserved, and the rest break the naming rules; nothing answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/v1/openapi.json/route.ts";
import { listRolesOp, setRolePermissionOp } from "@/lib/operations/roles/manage-roles.ts";
import { createTestKey, createTestTenant, denyRole, resetRole, type TestTenant } from "../../helpers/fixtures.ts";
import { mcpClient, type McpTestClient } from "../../helpers/mcp.ts";
import { call } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange } from "../oauth/helpers.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";
import { errorOf, RecordsApi, type ApiRecord } from "../records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: exportRows } = restRoute("/data/{object}");
const { GET: describeObject } = restRoute("/objects/{apiName}");
const { POST: createField } = restRoute("/objects/{apiName}/fields");
const { GET: listObjects, POST: createObject } = restRoute("/objects");

const NAMES = Object.getOwnPropertyNames(Object.prototype);
const OBJECT = "constructor";

describe("Object.prototype's property names as apiNames", () => {
  let t: TestTenant;
  let admin: string;
  const keyOf: Record<"admin" | "member" | "read_only", string> = { admin: "", member: "", read_only: "" };
  const open: McpTestClient[] = [];

  beforeAll(async () => {
    t = await createTestTenant("proto-names");
    admin = (await createTestKey(t, { rateLimit: 100_000 })).secret;
    for (const role of ["admin", "member", "read_only"] as const)
      keyOf[role] = (await createTestKey(t, { role, rateLimit: 100_000 })).secret;
    for (const name of NAMES) {
      const res = await call(createObject, { auth: admin, body: { apiName: name, label: `O ${name}`, pluralLabel: `Os ${name}` } });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(name === OBJECT ? 201 : 400);
      if (name === "__proto__") expect(res.json().error).toBe("apiName: is a reserved name");
    }
    // Each name a field of a built-in object and of the custom one.
    for (const object of ["contact", OBJECT])
      for (const name of NAMES) {
        const res = await call(createField, {
          auth: admin,
          params: { apiName: object },
          body: { apiName: name, label: `F ${name}`, type: "text" },
        });
        expect(res.status, `${object}.${name}: ${JSON.stringify(res.body)}`).toBe(name === OBJECT ? 201 : 400);
        if (name === "__proto__") expect(res.json().error).toBe("apiName: is a reserved name");
      }
  });

  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it("each role's own grants on an object named constructor: the read-only role reads and cannot create", async () => {
    const created = await new RecordsApi(keyOf.member, OBJECT).mustCreate({ name: "By member", constructor: "m" });
    for (const role of ["admin", "member", "read_only"] as const) {
      const api = new RecordsApi(keyOf[role], OBJECT);
      expect((await api.list()).status, role).toBe(200);
      expect((await api.mustGet(created.id)).constructor, role).toBe("m");
      expect((await call(describeObject, { auth: keyOf[role], params: { apiName: OBJECT } })).status, role).toBe(200);
      const listed = (await call(listObjects, { auth: keyOf[role] })).json<{ data: { apiName: string }[] }>();
      expect(
        listed.data.map((o) => o.apiName),
        role,
      ).toContain(OBJECT);
    }
    expect(errorOf(await new RecordsApi(keyOf.read_only, OBJECT).create({ name: "No" }), 403)).toBe("errors.permissionDenied");
    expect((await new RecordsApi(keyOf.read_only, OBJECT).patch(created.id, { name: "No" })).status).toBe(403);
    expect((await new RecordsApi(keyOf.member, OBJECT).patch(created.id, { name: "Renamed" })).status).toBe(200);

    // A role's own grant for the object, and back to its defaults.
    await denyRole(t, "member", OBJECT, { read: false, create: false, update: false, delete: false });
    expect(errorOf(await new RecordsApi(keyOf.member, OBJECT).list(), 403)).toBe("errors.permissionDenied");
    await resetRole(t, "member", OBJECT);
    expect((await new RecordsApi(keyOf.member, OBJECT).list()).status).toBe(200);

    // The tenant's OpenAPI document: the object's own paths, and the field on both objects.
    const doc = (await call(openapi, { auth: keyOf.read_only })).json<{
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>();
    expect(Object.keys(doc.paths)).toContain(`/${OBJECT}/{id}`);
    expect(Object.keys(doc.components.schemas.ContactRecord!.properties)).toContain(OBJECT);
    expect(Object.keys(doc.components.schemas.ConstructorRecord!.properties)).toContain(OBJECT);

    const matrix = expectOk(await runAs(listRolesOp, session(t), {}));
    const readOnly = matrix.roles.find((r) => r.key === "read_only")!;
    expect(readOnly.grants[OBJECT]).toEqual({ read: true, create: false, update: false, delete: false });
    for (const name of NAMES.filter((n) => n !== OBJECT)) {
      const res = await runAs(setRolePermissionOp, session(t), {
        roleId: t.roles.member!,
        objectApiName: name,
        grant: { read: true, create: true, update: true, delete: true },
      });
      expect(res.status, name).toBe(404);
    }
  });

  it("key scopes: a read-only key cannot create, a key limited to the object reaches it alone", async () => {
    const readOnly = (await createTestKey(t, { readOnly: true, rateLimit: 100_000 })).secret;
    expect(errorOf(await new RecordsApi(readOnly, OBJECT).create({ name: "No" }), 403)).toBe("errors.apiKeyReadOnly");
    expect((await new RecordsApi(readOnly, OBJECT).list()).status).toBe(200);

    const limited = (await createTestKey(t, { allowedObjects: [OBJECT], rateLimit: 100_000 })).secret;
    expect((await new RecordsApi(limited, OBJECT).create({ name: "Limited" })).status).toBe(201);
    expect(errorOf(await new RecordsApi(limited, "contact").list(), 403)).toBe("errors.apiKeyObjectDenied");
    const elsewhere = (await createTestKey(t, { allowedObjects: ["contact"], rateLimit: 100_000 })).secret;
    expect(errorOf(await new RecordsApi(elsewhere, OBJECT).list(), 403)).toBe("errors.apiKeyObjectDenied");
  });

  it("a field named constructor reads null when empty, and filters, orders, updates and exports like any field", async () => {
    const contacts = new RecordsApi(admin, "contact");
    const empty = await contacts.mustCreate({ last_name: "Empty" });
    expect(empty).toHaveProperty(OBJECT, null);
    expect(await contacts.mustGet(empty.id)).toHaveProperty(OBJECT, null);
    const set = await contacts.mustCreate({ last_name: "Set", constructor: "Builder" });
    expect(set.constructor).toBe("Builder");

    const changed = await contacts.patch(empty.id, { constructor: "Mason" });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.json<ApiRecord>().constructor).toBe("Mason");
    expect((await contacts.patch(empty.id, { constructor: null })).json<ApiRecord>().constructor).toBeNull();

    expect(await contacts.ids({ filter: "constructor:eq:builder" })).toEqual([set.id]);
    expect(await contacts.ids({ filter: "constructor:empty" })).toContain(empty.id);
    const ordered = await contacts.page({ order: "constructor:asc" });
    expect(ordered.data[0]!.id).toBe(set.id);
    expect(ordered.data.every((r) => Object.hasOwn(r, OBJECT))).toBe(true);

    const bulk = await contacts.bulkCreate([{ last_name: "Bulk" }, { last_name: "Bulk 2", constructor: "Joiner" }]);
    expect(bulk.json<{ created: number }>().created).toBe(2);

    const rows = await call(exportRows, { auth: admin, params: { object: "contact" } });
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    const exported = rows.json<{ columns: { name: string }[]; rows: Record<string, unknown>[] }>();
    expect(exported.columns.map((c) => c.name)).toContain(OBJECT);
    expect(exported.rows.find((r) => r.id === set.id)).toHaveProperty(OBJECT, "Builder");
    expect(exported.rows.find((r) => r.id === empty.id)).toHaveProperty(OBJECT, null);
  });

  it("every other name is no field: bodies, filters and paths naming them are refused, never a 500", async () => {
    const contacts = new RecordsApi(admin, "contact");
    for (const name of NAMES.filter((n) => n !== OBJECT)) {
      // JSON.parse makes "__proto__" an own key of the body, which zod would drop without a word.
      const body = `{"last_name":"X",${JSON.stringify(name)}:"v"}`;
      const refusal = name === "__proto__" ? "is a reserved name" : "is not a field of this object";
      expect(errorOf(await contacts.create(body), 400), name).toBe(`${name}: ${refusal}`);
      expect(errorOf(await contacts.list({ filter: `${name}:eq:v` }), 400), name).toContain(name);
      expect((await contacts.list({ order: `${name}:asc` })).status, name).toBe(400);
      expect((await contacts.list({ [name]: "v" })).status, name).toBe(200);
      expect((await new RecordsApi(admin, name).list()).status, name).toBe(404);
      expect((await call(describeObject, { auth: admin, params: { apiName: name } })).status, name).toBe(404);
    }
  });

  it("a __proto__ key anywhere in a body is refused, on REST and MCP alike, and changes nothing", async () => {
    const contacts = new RecordsApi(admin, "contact");
    const record = await contacts.mustCreate({ last_name: "Kept" });
    const nested = '{"__proto__":{"last_name":"Polluted"}}';
    expect(errorOf(await contacts.patch(record.id, nested), 400)).toBe("__proto__: is a reserved name");
    expect(errorOf(await contacts.bulkCreate(JSON.parse(`[{"last_name":"B"},${nested}]`)), 400)).toBe(
      "records.1.__proto__: is a reserved name",
    );
    expect((await contacts.mustGet(record.id)).last_name).toBe("Kept");
    const mcp = await mcpClient("v2-modern", admin);
    open.push(mcp);
    const refused = await mcp.callTool({
      name: "update_record",
      arguments: { object: "contact", id: record.id, values: JSON.parse(nested) },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("__proto__: is a reserved name");
    expect((await contacts.mustGet(record.id)).last_name).toBe("Kept");
  });

  it("OAuth per-object scopes name the object; a token granted reading only cannot create", async () => {
    const app = await createPublishedApp([`records:read:${OBJECT}`, `records:write:${OBJECT}`]);
    const writer = await mustExchange(app, await approvedCode(t, app, [`records:read:${OBJECT}`, `records:write:${OBJECT}`]));
    expect((await new RecordsApi(writer.access_token, OBJECT).create({ name: "By app" })).status).toBe(201);
    expect(errorOf(await new RecordsApi(writer.access_token, "contact").list(), 403)).toBe("errors.apiKeyObjectDenied");
    const reader = await mustExchange(app, await approvedCode(t, app, [`records:read:${OBJECT}`], { user: "read_only" }));
    expect((await new RecordsApi(reader.access_token, OBJECT).list()).status).toBe(200);
    expect(errorOf(await new RecordsApi(reader.access_token, OBJECT).create({ name: "No" }), 403)).toBe("errors.apiKeyReadOnly");
    const readOnlyUser = await mustExchange(app, await approvedCode(t, app, [`records:write:${OBJECT}`], { user: "read_only" }));
    expect(errorOf(await new RecordsApi(readOnlyUser.access_token, OBJECT).create({ name: "No" }), 403)).toBe("errors.permissionDenied");
  });

  it("MCP tools: the read-only role lists and reads the object and is refused creating", async () => {
    const mcp = await mcpClient("v2-modern", keyOf.read_only);
    open.push(mcp);
    const listed = await mcp.callTool({ name: "list_records", arguments: { object: OBJECT } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { data: ApiRecord[] }).data.length).toBeGreaterThan(0);
    const described = await mcp.callTool({ name: "describe_object", arguments: { object: OBJECT } });
    expect(described.isError).toBeFalsy();
    const refused = await mcp.callTool({ name: "create_record", arguments: { object: OBJECT, values: { name: "No" } } });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain("errors.permissionDenied");
    for (const name of NAMES.filter((n) => n !== OBJECT)) {
      const r = await mcp.callTool({ name: "list_records", arguments: { object: name } });
      expect(r.isError, name).toBe(true);
      expect(JSON.stringify(r.content), name).toContain("not found");
    }
  });
});
