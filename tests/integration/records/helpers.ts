/**
 * Shared helpers for the records endpoint tests: a small client over the route handlers, typed
 * response shapes, and a custom object with one field of every stored type.
 */
import { expect } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { fieldInputSchema, type FieldInput } from "@/lib/schemas/fields.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { insertFieldDefinition } from "@/lib/services/objects/field-definitions.ts";
import { createTestKey, type KeyOptions, type TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteRoute, GET: getRoute, PATCH: patchRoute } = restRoute("/{object}/{id}");
const { POST: restoreRoute } = restRoute("/{object}/{id}/restore");
const { PATCH: bulkUpdateRoute, POST: bulkCreateRoute } = restRoute("/{object}/bulk");
const { GET: listRoute, POST: createRoute } = restRoute("/{object}");

export type ApiRecord = Record<string, unknown> & {
  id: string;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at?: string;
};
export interface Page {
  data: ApiRecord[];
  total: number;
  limit: number;
  offset: number;
}
export interface ItemResult {
  index: number;
  ok: boolean;
  id?: string;
  error?: string;
  code?: string;
  details?: { path: string; message: string }[];
}
export interface BulkCreateResult {
  results: ItemResult[];
  created: number;
  failed: number;
}
export interface BulkUpdateResult {
  results: ItemResult[];
  updated: number;
  failed: number;
}
export type Query = Record<string, string | string[]>;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_MS_RE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A key that will not run into the rate limit during a test file. */
export async function bigKey(t: TestTenant, o: KeyOptions = {}): Promise<string> {
  return (await createTestKey(t, { rateLimit: 100_000, ...o })).secret;
}

/** The REST endpoints of one object, called in-process with one credential. */
export class RecordsApi {
  constructor(
    readonly auth: string | undefined,
    readonly object: string,
  ) {}

  private params(id?: string): Record<string, string> {
    return id === undefined ? { object: this.object } : { object: this.object, id };
  }

  list(query: Query = {}): Promise<CallResult> {
    return call(listRoute, { auth: this.auth, params: this.params(), query });
  }
  get(id: string): Promise<CallResult> {
    return call(getRoute, { auth: this.auth, params: this.params(id) });
  }
  create(body: unknown): Promise<CallResult> {
    return call(createRoute, { auth: this.auth, method: "POST", params: this.params(), body });
  }
  patch(id: string, body: unknown): Promise<CallResult> {
    return call(patchRoute, { auth: this.auth, method: "PATCH", params: this.params(id), body });
  }
  remove(id: string): Promise<CallResult> {
    return call(deleteRoute, { auth: this.auth, method: "DELETE", params: this.params(id) });
  }
  restore(id: string): Promise<CallResult> {
    return call(restoreRoute, { auth: this.auth, method: "POST", params: this.params(id) });
  }
  bulkCreate(records: unknown): Promise<CallResult> {
    return call(bulkCreateRoute, { auth: this.auth, method: "POST", params: this.params(), body: { records } });
  }
  bulkUpdate(updates: unknown): Promise<CallResult> {
    return call(bulkUpdateRoute, { auth: this.auth, method: "PATCH", params: this.params(), body: { updates } });
  }

  /** Creates a record and insists on 201. */
  async mustCreate(body: Record<string, unknown>): Promise<ApiRecord> {
    const res = await this.create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<ApiRecord>();
  }
  async mustGet(id: string): Promise<ApiRecord> {
    const res = await this.get(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<ApiRecord>();
  }
  /** A list page, insisting on 200. */
  async page(query: Query = {}): Promise<Page> {
    const res = await this.list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<Page>();
  }
  /** Sorted ids of every match (up to 500). */
  async ids(query: Query = {}): Promise<string[]> {
    return (await this.page({ limit: "500", ...query })).data.map((r) => r.id).sort();
  }
}

/** A custom object; `fields` are created in order after the built-in `name` field. */
export async function createCustomObject(t: TestTenant, apiName: string, fields: FieldInput[]): Promise<void> {
  await withTenantSql(t.tenantId, async (tx) => {
    await insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` }));
    for (const f of fields) await insertFieldDefinition(tx, t.tenantId, apiName, fieldInputSchema.parse(f));
  });
}

const opts = (...values: string[]) => values.map((value) => ({ value, label: value }));

/** One field of every stored type, named after it (the lookup points at company). */
export const ALL_TYPE_FIELDS: FieldInput[] = [
  { apiName: "f_text", label: "Text", type: "text" },
  { apiName: "f_textarea", label: "Textarea", type: "textarea" },
  { apiName: "f_email", label: "Email", type: "email" },
  { apiName: "f_phone", label: "Phone", type: "phone" },
  { apiName: "f_url", label: "Url", type: "url" },
  { apiName: "f_number", label: "Number", type: "number" },
  { apiName: "f_currency", label: "Currency", type: "currency", scale: 4 },
  { apiName: "f_percent", label: "Percent", type: "percent" },
  { apiName: "f_date", label: "Date", type: "date" },
  { apiName: "f_datetime", label: "Datetime", type: "datetime" },
  { apiName: "f_boolean", label: "Boolean", type: "boolean" },
  { apiName: "f_select", label: "Select", type: "select", options: opts("red", "green", "blue") },
  { apiName: "f_multiselect", label: "Multiselect", type: "multiselect", options: opts("north", "south", "east") },
  { apiName: "f_lookup", label: "Lookup", type: "lookup", targetObject: "company" },
];

/**
 * The two ways a field's values are stored (lib/services/records/storage.md): in a slot column
 * of record, or in record_value once the object's slots of that kind are taken — by these
 * fillers, created first. Suites run once per storage.
 */
const FILLERS: FieldInput[] = [
  ...Array.from({ length: 16 }, (_, i): FieldInput => ({ apiName: `pad_text_${i}`, label: `Pad text ${i}`, type: "text" })),
  ...Array.from({ length: 8 }, (_, i): FieldInput => ({ apiName: `pad_number_${i}`, label: `Pad number ${i}`, type: "number" })),
  ...Array.from({ length: 6 }, (_, i): FieldInput => ({ apiName: `pad_date_${i}`, label: `Pad date ${i}`, type: "date" })),
];
export const STORAGES = [
  { name: "slot columns", fillers: [] as FieldInput[], slotted: true },
  { name: "record_value rows", fillers: FILLERS, slotted: false },
];

/** Whether each of these fields of the object has a slot column. */
export async function slotsOf(t: TestTenant, objectApiName: string, fields: string[]): Promise<boolean[]> {
  const rows = await withTenantSql(
    t.tenantId,
    async (tx) =>
      await tx.$queryRaw<{ apiName: string; slot: string | null }[]>`
      SELECT f.api_name AS "apiName", f.slot
      FROM field_def f JOIN object_def o ON o.tenant_id = f.tenant_id AND o.id = f.object_id
      WHERE f.tenant_id = ${t.tenantId}::uuid AND o.api_name = ${objectApiName} AND f.api_name = ANY(${fields}::text[])`,
  );
  return fields.map((f) => rows.find((r) => r.apiName === f)!.slot !== null);
}

export const sorted = (ids: string[]): string[] => [...ids].sort();

/** The `error` of a response after checking its status. */
export function errorOf(res: CallResult, status: number): string {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const { error } = res.json<{ error: unknown }>();
  expect(typeof error).toBe("string");
  return error as string;
}
