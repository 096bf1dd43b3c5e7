// POST and PATCH /api/v1/{object}/bulk — up to 500 creates or updates, partial success per item
import { z } from "zod";
import { FIELD_VALUE_PAIRS, fromPairs, isPairList } from "@/lib/schemas/field-value-pairs.ts";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { errorSentence } from "@/lib/errors/error-table.ts";
import { bulkCreateResultSchema, bulkUpdateResultSchema, MAX_BULK, objectParam } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { upsertRecords, type UpsertResult } from "@/lib/services/records/upsert-records.ts";
import { createRecords, updateRecords } from "@/lib/services/records/write-records.ts";
import { CHANGES, CREATES, defineOperation } from "../define.ts";

const summarize = (results: UpsertResult[]) =>
  results.map((r, index) =>
    r.ok
      ? { index, ok: true, id: r.record.id, ...(r.action ? { action: r.action } : {}) }
      : {
          index,
          ok: false,
          error: r.error.message,
          message: errorSentence(r.error.code, r.error.message),
          code: r.error.code,
          ...(r.error.details?.length ? { details: r.error.details } : {}),
        },
  );

const upsertOnParam = z
  .string()
  .max(63)
  .optional()
  .describe(
    "The apiName of a unique field (e.g. email): each item then updates the record holding its value of that field, or creates one " +
      "(results say which). Every item must have a value for it. Race-free: two requests sending the same new value make one record.",
  );

/**
 * A bulk tool's item in either form it takes: `{values: [{field, value}, …]}` (and `id`), as the
 * tool is listed for strict hosts, or the field values themselves (`{id, …fields}`), as REST takes them.
 */
function listedRecord(item: unknown, path: string): { id?: unknown; values: unknown } {
  if (typeof item !== "object" || item === null || Array.isArray(item) || !isPairList((item as { values?: unknown }).values))
    return { values: item };
  const { id, values, ...rest } = item as { id?: unknown; values: unknown[] };
  if (Object.keys(rest).length) return { values: item };
  return { id, values: fromPairs(values, `${path}.values`) };
}

export const bulkCreateRecordsOp = defineOperation({
  name: "records.bulkCreate",
  summary: "Create records in bulk",
  description:
    `Creates up to ${MAX_BULK} records in one request, or with upsertOn creates or updates each by a unique field (needs create and ` +
    "update permissions). Each item succeeds or fails on its own; results come in request order.",
  scope: "records:write",
  http: { method: "POST", path: "/{object}/bulk", body: "body" },
  mcp: {
    tool: "bulk_create_records",
    title: "Create records in bulk",
    description:
      `Creates up to ${MAX_BULK} records of one object in one call. Each item succeeds or fails on its own; results come in request order ` +
      "with the new id or the error. With upsertOn (a unique field such as email) each item updates the record that has its value instead " +
      "of failing, or creates one: use it to sync without creating duplicates.",
    annotations: CREATES,
    custom: {
      args: z.strictObject({
        object: objectParam,
        records: z.array(z.unknown()).describe("Field values by apiName, one object per record"),
        upsertOn: upsertOnParam,
      }),
      listed: {
        records: {
          type: "array",
          description: "One item per record: its field values",
          items: { type: "object", properties: { values: FIELD_VALUE_PAIRS }, required: ["values"] },
        },
      },
      toInput: (a) => ({
        object: a.object,
        upsertOn: a.upsertOn,
        body: { records: (a.records as unknown[]).map((r, i) => listedRecord(r, `records.${i}`).values) },
      }),
    },
  },
  input: z.object({
    object: objectParam,
    upsertOn: upsertOnParam,
    body: z.object({
      records: z.array(z.unknown()).min(1, "needs at least one record").max(MAX_BULK, `at most ${MAX_BULK} records per request`),
    }),
  }),
  output: bulkCreateResultSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => {
    assertRecordAccess(p, input.object, "create");
    if (input.upsertOn !== undefined) assertRecordAccess(p, input.object, "update");
  },
  async run({ tx, principal }, input) {
    const object = await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion);
    const inputs = input.body.records;
    if (input.upsertOn !== undefined) {
      const done = await upsertRecords(tx, { actor: principal, object, upsertOn: input.upsertOn, inputs });
      const created = done.filter((r) => r.ok && r.action === "created").length;
      const updated = done.filter((r) => r.ok && r.action === "updated").length;
      return { results: summarize(done), created, updated, failed: done.length - created - updated };
    }
    const results = summarize(await createRecords(tx, { actor: principal, object, inputs }));
    const created = results.filter((r) => r.ok).length;
    return { results, created, failed: results.length - created };
  },
});

export const bulkUpdateRecordsOp = defineOperation({
  name: "records.bulkUpdate",
  summary: "Update records in bulk",
  description: `Updates up to ${MAX_BULK} records: each item is \`{id, ...fields to change}\`. Each item succeeds or fails on its own; results come in request order.`,
  scope: "records:write",
  http: { method: "PATCH", path: "/{object}/bulk", body: "body" },
  mcp: {
    tool: "bulk_update_records",
    title: "Update records in bulk",
    description: `Updates up to ${MAX_BULK} records of one object: each item is {id, ...fields to change}. Each item succeeds or fails on its own; results come in request order.`,
    annotations: CHANGES,
    custom: {
      args: z.strictObject({ object: objectParam, updates: z.array(z.unknown()).describe("One {id, ...fields} object per record") }),
      listed: {
        updates: {
          type: "array",
          description: "One item per record: its id and the field values to change",
          items: {
            type: "object",
            properties: { id: { type: "string", description: "The record's id (a uuid)" }, values: FIELD_VALUE_PAIRS },
            required: ["id", "values"],
          },
        },
      },
      toInput: (a) => ({
        object: a.object,
        body: {
          updates: (a.updates as unknown[]).map((u, i) => {
            const { id, values } = listedRecord(u, `updates.${i}`);
            return id === undefined ? values : { id, ...(values as Record<string, unknown>) };
          }),
        },
      }),
    },
  },
  input: z.object({
    object: objectParam,
    body: z.object({
      updates: z.array(z.unknown()).min(1, "needs at least one update").max(MAX_BULK, `at most ${MAX_BULK} updates per request`),
    }),
  }),
  output: bulkUpdateResultSchema,
  errors: ["invalid_request", "conflict", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "update"),
  async run({ tx, principal }, input) {
    const object = await loadObjectSchema(tx, principal.tenantId, input.object, principal.schemaVersion);
    const updates = input.body.updates.map((item) => {
      if (typeof item !== "object" || item === null || Array.isArray(item)) return { id: undefined, patch: item };
      const { id, ...patch } = item as Record<string, unknown>;
      return { id, patch };
    });
    const results = summarize(await updateRecords(tx, { actor: principal, object, updates }));
    const updated = results.filter((r) => r.ok).length;
    return { results, updated, failed: results.length - updated };
  },
});
