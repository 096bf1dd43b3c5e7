/**
 * Settings → objects and fields, through the operation pipeline with a browser session
 * credential: validation, computed fields, permissions, archiving and tenant isolation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Credential } from "@/lib/auth/credential.ts";
import { archiveFieldOp, createFieldOp, updateFieldOp } from "@/lib/operations/objects/manage-fields.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { listObjectsOp } from "@/lib/operations/objects/list-objects.ts";
import { archiveObjectOp, createObjectOp, updateObjectOp } from "@/lib/operations/objects/manage-objects.ts";
import { listRolesOp, setRolePermissionOp } from "@/lib/operations/roles/manage-roles.ts";
import { FIELD_TYPES, type FieldDescription, type FieldInput, type FieldType } from "@/lib/schemas/fields.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../helpers/fixtures.ts";
import { expectOk, failure, runAs, session, type OpResult } from "./operation-helpers.ts";

const objectInput = (apiName: string) => ({ object: { apiName, label: `Label ${apiName}`, pluralLabel: `Labels ${apiName}` } });

async function describeAs(credential: Credential, apiName: string): Promise<OpResult<{ apiName: string; fields: FieldDescription[] }>> {
  return runAs(describeObjectOp, credential, { apiName });
}

async function objectNames(credential: Credential): Promise<string[]> {
  return expectOk(await runAs(listObjectsOp, credential, {})).data.map((o) => o.apiName);
}

/**
 * One field of every type on `gadget`. Keyed by type so that a new entry in FIELD_TYPES without
 * a case here is a type error, and the test below also checks the keys at run time.
 */
const FIELD_BY_TYPE: { [K in FieldType]: FieldInput & { type: K } } = {
  text: { apiName: "code", label: "Code", type: "text", unique: true },
  textarea: { apiName: "long_notes", label: "Notes", type: "textarea" },
  email: { apiName: "support_email", label: "Support email", type: "email" },
  phone: { apiName: "hotline", label: "Hotline", type: "phone" },
  url: { apiName: "homepage", label: "Homepage", type: "url" },
  number: { apiName: "units", label: "Units", type: "number", required: true },
  currency: { apiName: "price", label: "Price", type: "currency" },
  percent: { apiName: "discount", label: "Discount", type: "percent" },
  date: { apiName: "launch_date", label: "Launch date", type: "date" },
  datetime: { apiName: "launched_at", label: "Launched at", type: "datetime" },
  boolean: { apiName: "active_flag", label: "Active", type: "boolean" },
  select: {
    apiName: "tier",
    label: "Tier",
    type: "select",
    options: [
      { value: "gold", label: "Gold" },
      { value: "silver", label: "Silver" },
    ],
  },
  multiselect: {
    apiName: "tags",
    label: "Tags",
    type: "multiselect",
    options: [
      { value: "new", label: "New" },
      { value: "hot", label: "Hot" },
    ],
  },
  lookup: { apiName: "maker", label: "Maker", type: "lookup", targetObject: "company" },
  formula: { apiName: "net_price", label: "Net price", type: "formula", expression: "price * (100 - discount) / 100" },
  rollup: {
    apiName: "part_count",
    label: "Parts",
    type: "rollup",
    rollup: { childObject: "gadget_part", childField: "gadget", aggregate: "count" },
  },
};

const SUM_ROLLUP: FieldInput = {
  apiName: "part_qty",
  label: "Total quantity",
  type: "rollup",
  rollup: { childObject: "gadget_part", childField: "gadget", aggregate: "sum", valueField: "qty" },
};

describe("object registry (settings operations)", () => {
  let a: TestTenant;
  let b: TestTenant;
  let admin: Credential;

  beforeAll(async () => {
    a = await createTestTenant("reg-a");
    b = await createTestTenant("reg-b");
    admin = session(a);
    expectOk(await runAs(createObjectOp, admin, objectInput("gadget")));
    // The child object that rollups on gadget aggregate.
    expectOk(await runAs(createObjectOp, admin, objectInput("gadget_part")));
    for (const field of [
      { apiName: "gadget", label: "Gadget", type: "lookup", targetObject: "gadget" },
      { apiName: "qty", label: "Quantity", type: "number" },
      { apiName: "note", label: "Note", type: "text" },
    ] satisfies FieldInput[]) {
      expectOk(await runAs(createFieldOp, admin, { apiName: "gadget_part", field }));
    }
  });

  describe("creating objects and fields", () => {
    it("a new custom object has exactly one field: a required text `name`", async () => {
      const created = expectOk(await runAs(createObjectOp, admin, objectInput("widget")));
      expect(created).toEqual({ apiName: "widget", label: "Label widget", custom: true });
      const described = expectOk(await describeAs(admin, "widget"));
      expect(described.fields).toEqual([
        { apiName: "name", label: "Name", type: "text", required: true, unique: false, readOnly: false, custom: false },
      ]);
      expect(await objectNames(admin)).toContain("widget");
    });

    it("covers every field type in FIELD_TYPES", () => {
      expect(Object.keys(FIELD_BY_TYPE).sort()).toEqual([...FIELD_TYPES].sort());
    });

    it("adds a field of every type, and describe returns each with readOnly only for formula and rollup", async () => {
      for (const type of FIELD_TYPES) {
        const field = FIELD_BY_TYPE[type];
        const created = expectOk(await runAs(createFieldOp, admin, { apiName: "gadget", field }));
        expect(created, type).toMatchObject({
          apiName: field.apiName,
          type,
          custom: true,
          readOnly: type === "formula" || type === "rollup",
        });
      }
      expectOk(await runAs(createFieldOp, admin, { apiName: "gadget", field: SUM_ROLLUP }));

      const described = expectOk(await describeAs(admin, "gadget"));
      const byName = new Map(described.fields.map((f) => [f.apiName, f]));
      expect(described.fields.map((f) => f.apiName)).toEqual(["name", ...FIELD_TYPES.map((t) => FIELD_BY_TYPE[t].apiName), "part_qty"]);
      for (const type of FIELD_TYPES) {
        const f = byName.get(FIELD_BY_TYPE[type].apiName);
        expect(f?.type, type).toBe(type);
        expect(f?.readOnly, type).toBe(type === "formula" || type === "rollup");
      }
      expect(byName.get("code")).toMatchObject({ unique: true, required: false });
      expect(byName.get("units")).toMatchObject({ required: true, unique: false });
      expect(byName.get("tier")?.options).toEqual([
        { value: "gold", label: "Gold" },
        { value: "silver", label: "Silver" },
      ]);
      expect(byName.get("tags")?.options).toEqual([
        { value: "new", label: "New" },
        { value: "hot", label: "Hot" },
      ]);
      expect(byName.get("maker")?.targetObject).toBe("company");
      expect(byName.get("net_price")?.formula).toEqual({ expression: "price * (100 - discount) / 100", resultType: "number" });
      expect(byName.get("part_count")?.rollup).toEqual({ childObject: "gadget_part", childField: "gadget", aggregate: "count" });
      expect(byName.get("part_qty")).toMatchObject({
        type: "rollup",
        readOnly: true,
        rollup: { childObject: "gadget_part", childField: "gadget", aggregate: "sum", valueField: "qty" },
      });
      // Settings that belong to other types are not echoed on plain fields.
      expect(byName.get("code")).not.toHaveProperty("options");
      expect(byName.get("code")).not.toHaveProperty("formula");
    });

    it("infers a formula's result type from the fields it uses", async () => {
      const text = expectOk(
        await runAs(createFieldOp, admin, {
          apiName: "gadget_part",
          field: { apiName: "label_text", label: "Label", type: "formula", expression: 'CONCAT(note, "!")' },
        }),
      );
      expect(text.formula).toEqual({ expression: 'CONCAT(note, "!")', resultType: "text" });
      const flag = expectOk(
        await runAs(createFieldOp, admin, {
          apiName: "gadget_part",
          field: { apiName: "is_big", label: "Big", type: "formula", expression: "qty > 10" },
        }),
      );
      expect(flag.formula?.resultType).toBe("boolean");
    });

    it("a formula with a syntax error is refused with 400 naming the problem", async () => {
      const r = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_formula", label: "Bad", type: "formula", expression: "price * (" },
      });
      expect(r.status).toBe(400);
      expect(failure(r).error).toMatch(/^expression: .+ at position \d+$/);
      const typeError = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_types", label: "Bad", type: "formula", expression: 'price * "x"' },
      });
      expect(failure(typeError)).toEqual({
        status: 400,
        error: expect.stringMatching(/^expression: Operator "\*" cannot be applied to number and text/),
      });
    });

    it("a formula that references an unknown field is refused with 400 naming the field", async () => {
      const r = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_ref", label: "Bad", type: "formula", expression: "weight * 2" },
      });
      expect(failure(r)).toEqual({ status: 400, error: expect.stringContaining('Unknown field "weight"') });
      // Fields of other objects are unknown too, and computed fields may not be referenced.
      const other = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_ref2", label: "Bad", type: "formula", expression: "qty + 1" },
      });
      expect(failure(other)).toEqual({ status: 400, error: expect.stringContaining('Unknown field "qty"') });
      const computed = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_ref3", label: "Bad", type: "formula", expression: "net_price + 1" },
      });
      expect(failure(computed)).toEqual({ status: 400, error: expect.stringContaining('Unknown field "net_price"') });
      const names = expectOk(await describeAs(admin, "gadget")).fields.map((f) => f.apiName);
      expect(names).not.toEqual(expect.arrayContaining(["bad_ref"]));
      expect(names.filter((n) => n.startsWith("bad_"))).toEqual([]);
    });

    it("editing a formula re-validates the expression", async () => {
      const bad = await runAs(updateFieldOp, admin, {
        apiName: "gadget",
        fieldApiName: "net_price",
        changes: { expression: "nothing_here + 1" },
      });
      expect(failure(bad)).toEqual({ status: 400, error: expect.stringContaining('Unknown field "nothing_here"') });
      const described = expectOk(await describeAs(admin, "gadget")).fields.find((f) => f.apiName === "net_price");
      expect(described?.formula?.expression).toBe("price * (100 - discount) / 100");
    });

    it("only types the database can keep unique may be made unique, on creation and on edit (400 otherwise)", async () => {
      const created = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "bad_unique", label: "Bad", type: "boolean", unique: true },
      });
      expect(failure(created)).toEqual({ status: 400, error: "unique: boolean fields cannot be unique" });
      for (const fieldApiName of ["active_flag", "tags", "long_notes", "launch_date"]) {
        const edited = await runAs(updateFieldOp, admin, { apiName: "gadget", fieldApiName, changes: { unique: true } });
        expect(failure(edited), fieldApiName).toEqual({ status: 400, error: expect.stringContaining("cannot be unique") });
      }
      for (const fieldApiName of ["net_price", "part_count"]) {
        expect(
          (await runAs(updateFieldOp, admin, { apiName: "gadget", fieldApiName, changes: { unique: true } })).status,
          fieldApiName,
        ).toBe(400);
      }
      const described = expectOk(await describeAs(admin, "gadget")).fields;
      expect(described.filter((f) => f.unique).map((f) => f.apiName)).toEqual(["code"]);
      // A type that can be unique may be switched on and off.
      expect(
        expectOk(await runAs(updateFieldOp, admin, { apiName: "gadget", fieldApiName: "support_email", changes: { unique: true } })).unique,
      ).toBe(true);
      expect(
        expectOk(await runAs(updateFieldOp, admin, { apiName: "gadget", fieldApiName: "support_email", changes: { unique: false } }))
          .unique,
      ).toBe(false);
    });

    it("a rollup whose childField is not a lookup to this object is refused with 400", async () => {
      const notLookup = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: {
          apiName: "bad_rollup",
          label: "Bad",
          type: "rollup",
          rollup: { childObject: "gadget_part", childField: "note", aggregate: "count" },
        },
      });
      expect(failure(notLookup)).toEqual({ status: 400, error: "rollup.childField: 'note' must be a lookup on 'gadget_part' to 'gadget'" });
      const otherTarget = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: {
          apiName: "bad_rollup",
          label: "Bad",
          type: "rollup",
          rollup: { childObject: "opportunity", childField: "company", aggregate: "count" },
        },
      });
      expect(failure(otherTarget)).toEqual({
        status: 400,
        error: "rollup.childField: 'company' must be a lookup on 'opportunity' to 'gadget'",
      });
      const missing = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: {
          apiName: "bad_rollup",
          label: "Bad",
          type: "rollup",
          rollup: { childObject: "gadget_part", childField: "nope", aggregate: "count" },
        },
      });
      expect(missing.status).toBe(400);
      const sumOfText = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: {
          apiName: "bad_rollup",
          label: "Bad",
          type: "rollup",
          rollup: { childObject: "gadget_part", childField: "gadget", aggregate: "sum", valueField: "note" },
        },
      });
      expect(failure(sumOfText)).toEqual({ status: 400, error: expect.stringContaining("rollup.valueField") });
    });

    it("a lookup to an object that does not exist is refused with 400", async () => {
      const r = await runAs(createFieldOp, admin, {
        apiName: "gadget",
        field: { apiName: "ghost", label: "Ghost", type: "lookup", targetObject: "ghost_object" },
      });
      expect(failure(r)).toEqual({ status: 400, error: "targetObject: object 'ghost_object' does not exist" });
    });

    it.each(["objects", "data", "activities", "webhooks"])("the reserved object name %s is refused with 400", async (apiName) => {
      const r = await runAs(createObjectOp, admin, objectInput(apiName));
      expect(failure(r)).toEqual({ status: 400, error: "apiName: is a reserved name" });
      expect(await objectNames(admin)).not.toContain(apiName);
    });

    it.each(["id", "owner_id", "created_at", "updated_at"])("the reserved field name %s is refused with 400", async (apiName) => {
      const r = await runAs(createFieldOp, admin, { apiName: "gadget", field: { apiName, label: "Reserved", type: "text" } });
      expect(failure(r)).toEqual({ status: 400, error: "apiName: is a reserved name" });
    });

    it.each(["Bad", "1x", "a-b"])("the invalid name %s is refused for objects and fields with 400", async (apiName) => {
      const obj = await runAs(createObjectOp, admin, objectInput(apiName));
      expect(failure(obj)).toEqual({ status: 400, error: expect.stringMatching(/^apiName: must start with a lowercase letter/) });
      const field = await runAs(createFieldOp, admin, { apiName: "gadget", field: { apiName, label: "Invalid", type: "text" } });
      expect(failure(field)).toEqual({ status: 400, error: expect.stringMatching(/^apiName: must start with a lowercase letter/) });
    });

    it("duplicate object names are refused with 400 (a business rule, not a conflict), including built-in ones", async () => {
      expect(failure(await runAs(createObjectOp, admin, objectInput("gadget")))).toEqual({
        status: 400,
        error: "apiName: an object named 'gadget' already exists",
      });
      expect((await runAs(createObjectOp, admin, objectInput("company"))).status).toBe(400);
    });

    it("duplicate field names are refused with 400, including the built-in name field", async () => {
      const dup = await runAs(createFieldOp, admin, { apiName: "gadget", field: { apiName: "code", label: "Again", type: "number" } });
      expect(failure(dup)).toEqual({ status: 400, error: "apiName: 'gadget' already has a field named 'code'" });
      const name = await runAs(createFieldOp, admin, { apiName: "gadget", field: { apiName: "name", label: "Again", type: "text" } });
      expect(name.status).toBe(400);
      const builtin = await runAs(createFieldOp, admin, {
        apiName: "contact",
        field: { apiName: "email", label: "Again", type: "email" },
      });
      expect(builtin.status).toBe(400);
    });

    it("a field on an unknown object is 404", async () => {
      const r = await runAs(createFieldOp, admin, {
        apiName: "no_such_object",
        field: { apiName: "x_field", label: "X", type: "text" },
      });
      expect(failure(r)).toEqual({ status: 404, error: "Object 'no_such_object' not found" });
    });
  });

  describe("permissions", () => {
    // Valid inputs, so a refusal can only come from authorization.
    const settingsCalls: { name: string; run: (c: Credential, t: TestTenant) => Promise<OpResult<unknown>> }[] = [
      { name: "objects.create", run: (c) => runAs(createObjectOp, c, objectInput("sneaky")) },
      { name: "objects.update", run: (c) => runAs(updateObjectOp, c, { apiName: "gadget", changes: { label: "Renamed" } }) },
      { name: "objects.archive", run: (c) => runAs(archiveObjectOp, c, { apiName: "gadget_part" }) },
      {
        name: "fields.create",
        run: (c) => runAs(createFieldOp, c, { apiName: "gadget", field: { apiName: "sneaky", label: "Sneaky", type: "text" } }),
      },
      {
        name: "fields.update",
        run: (c) => runAs(updateFieldOp, c, { apiName: "gadget", fieldApiName: "code", changes: { label: "Renamed" } }),
      },
      { name: "fields.archive", run: (c) => runAs(archiveFieldOp, c, { apiName: "gadget", fieldApiName: "hotline" }) },
      { name: "roles.list", run: (c) => runAs(listRolesOp, c, {}) },
      {
        name: "roles.setPermission",
        run: (c, t) =>
          runAs(setRolePermissionOp, c, {
            roleId: t.roles.member!,
            objectApiName: "gadget",
            grant: { read: true, create: true, update: true, delete: true },
          }),
      },
    ];

    it.each(["member", "read_only"] as const)("a %s user gets 403 errors.permissionDenied for every settings operation", async (role) => {
      for (const op of settingsCalls) {
        expect(failure(await op.run(session(a, role), a)), op.name).toEqual({ status: 403, error: "errors.permissionDenied" });
      }
      // Nothing changed.
      const gadget = expectOk(await describeAs(admin, "gadget"));
      expect(gadget.fields.map((f) => f.apiName)).not.toContain("sneaky");
      expect(gadget.fields.find((f) => f.apiName === "hotline")).toBeDefined();
      expect(await objectNames(admin)).toEqual(expect.arrayContaining(["gadget", "gadget_part"]));
      expect(await objectNames(admin)).not.toContain("sneaky");
    });

    it("an admin's API key may change the schema (the API's objects and fields), never roles; a read-only or object-limited key may not", async () => {
      const asKey = async (o: Parameters<typeof createTestKey>[1]): Promise<Credential> => {
        const key = await createTestKey(a, o);
        return { kind: "api_key", secret: key.secret, keyId: key.id, tenantId: a.tenantId };
      };
      const full = await asKey({});
      for (const op of settingsCalls.filter((c) => c.name.startsWith("roles.")))
        expect(failure(await op.run(full, a)), op.name).toEqual({ status: 403, error: "errors.permissionDenied" });
      const schemaCalls = settingsCalls.filter((c) => !c.name.startsWith("roles."));
      for (const [credential, error] of [
        [await asKey({ readOnly: true }), "errors.apiKeyReadOnly"],
        [await asKey({ allowedObjects: ["gadget"] }), "errors.apiKeyObjectDenied"],
      ] as const) {
        for (const op of schemaCalls) expect(failure(await op.run(credential, a)), op.name).toEqual({ status: 403, error });
      }
      expect(await objectNames(admin)).not.toContain("sneaky");
    });

    it("the admin can run them", async () => {
      expect(expectOk(await runAs(updateObjectOp, admin, { apiName: "widget", changes: { label: "Widget" } })).label).toBe("Widget");
      expect(
        expectOk(await runAs(listRolesOp, admin, {}))
          .roles.map((r) => r.key)
          .sort(),
      ).toEqual(["admin", "member", "read_only"]);
    });
  });

  describe("archiving", () => {
    it("an archived custom object disappears from objects.list and describe is 404; its name stays taken", async () => {
      expectOk(await runAs(createObjectOp, admin, objectInput("disposable")));
      expect(await objectNames(admin)).toContain("disposable");
      expect(expectOk(await runAs(archiveObjectOp, admin, { apiName: "disposable" }))).toEqual({
        apiName: "disposable",
        label: "Label disposable",
        custom: true,
      });
      expect(await objectNames(admin)).not.toContain("disposable");
      expect(failure(await describeAs(admin, "disposable"))).toEqual({ status: 404, error: "Object 'disposable' not found" });
      expect(failure(await runAs(archiveObjectOp, admin, { apiName: "disposable" })).status).toBe(404);
      expect(failure(await runAs(createObjectOp, admin, objectInput("disposable")))).toEqual({
        status: 400,
        error: "apiName: an object named 'disposable' already exists (archived)",
      });
    });

    it.each(["company", "contact", "opportunity"])("the built-in object %s cannot be archived (400)", async (apiName) => {
      expect(failure(await runAs(archiveObjectOp, admin, { apiName }))).toEqual({
        status: 400,
        error: "Built-in objects cannot be archived",
      });
      expect(await objectNames(admin)).toContain(apiName);
    });

    it("an object that other objects' lookups point to cannot be archived (400)", async () => {
      const r = await runAs(archiveObjectOp, admin, { apiName: "gadget" });
      expect(failure(r)).toEqual({ status: 400, error: expect.stringContaining("gadget_part.gadget") });
      expect(await objectNames(admin)).toContain("gadget");
    });

    it("an object that other objects' rollups aggregate cannot be archived (400)", async () => {
      const r = await runAs(archiveObjectOp, admin, { apiName: "gadget_part" });
      expect(failure(r)).toEqual({ status: 400, error: expect.stringContaining("gadget.part_count") });
      expect(await objectNames(admin)).toContain("gadget_part");
    });

    it("a field used by a formula cannot be archived (400)", async () => {
      for (const fieldApiName of ["price", "discount"]) {
        const r = await runAs(archiveFieldOp, admin, { apiName: "gadget", fieldApiName });
        expect(failure(r)).toEqual({ status: 400, error: `'${fieldApiName}' is used by gadget.net_price` });
      }
      const fields = expectOk(await describeAs(admin, "gadget")).fields.map((f) => f.apiName);
      expect(fields).toEqual(expect.arrayContaining(["price", "discount", "net_price"]));
    });

    it("a field used by a rollup cannot be archived (400)", async () => {
      const lookup = await runAs(archiveFieldOp, admin, { apiName: "gadget_part", fieldApiName: "gadget" });
      expect(failure(lookup)).toEqual({ status: 400, error: expect.stringContaining("gadget.part_count") });
      const value = await runAs(archiveFieldOp, admin, { apiName: "gadget_part", fieldApiName: "qty" });
      expect(failure(value)).toEqual({ status: 400, error: expect.stringContaining("gadget.part_qty") });
    });

    it("an unused custom field can be archived and disappears from describe; built-in fields cannot", async () => {
      expect(expectOk(await runAs(archiveFieldOp, admin, { apiName: "gadget", fieldApiName: "hotline" })).apiName).toBe("hotline");
      expect(expectOk(await describeAs(admin, "gadget")).fields.map((f) => f.apiName)).not.toContain("hotline");
      expect(failure(await runAs(archiveFieldOp, admin, { apiName: "gadget", fieldApiName: "name" }))).toEqual({
        status: 400,
        error: "Built-in fields cannot be archived",
      });
      expect(failure(await runAs(archiveFieldOp, admin, { apiName: "contact", fieldApiName: "phone" })).status).toBe(400);
    });
  });

  describe("tenant isolation", () => {
    it("tenant B cannot describe, archive or extend tenant A's custom object (404)", async () => {
      const adminB = session(b);
      expect(await objectNames(adminB)).not.toContain("gadget");
      expect(failure(await describeAs(adminB, "gadget"))).toEqual({ status: 404, error: "Object 'gadget' not found" });
      expect(failure(await runAs(archiveObjectOp, adminB, { apiName: "widget" }))).toEqual({
        status: 404,
        error: "Object 'widget' not found",
      });
      expect(
        failure(await runAs(createFieldOp, adminB, { apiName: "gadget", field: { apiName: "planted", label: "P", type: "text" } })).status,
      ).toBe(404);
      expect(failure(await runAs(archiveFieldOp, adminB, { apiName: "gadget", fieldApiName: "code" })).status).toBe(404);
      // A's objects are untouched.
      expect(await objectNames(admin)).toEqual(expect.arrayContaining(["gadget", "widget"]));
      expect(expectOk(await describeAs(admin, "gadget")).fields.map((f) => f.apiName)).toContain("code");
    });

    it("tenant B can create an object with the same name as A's without conflict", async () => {
      expect(expectOk(await runAs(createObjectOp, session(b), objectInput("gadget"))).apiName).toBe("gadget");
      expect(expectOk(await describeAs(session(b), "gadget")).fields.map((f) => f.apiName)).toEqual(["name"]);
    });

    it("a session whose user belongs to another tenant is rejected (401)", async () => {
      const forged: Credential = { kind: "session", tenantId: b.tenantId, userId: a.users.admin, sessionVersion: 0 };
      expect(failure(await runAs(describeObjectOp, forged, { apiName: "company" })).status).toBe(401);
    });
  });
});
