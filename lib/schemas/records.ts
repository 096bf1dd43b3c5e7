import { z } from "zod";
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE_SIZE,
  MAX_EXPORT_OFFSET,
  MAX_FILTERS,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_PAGE,
  MAX_PAGE_SIZE,
} from "./paging.ts";
import { boundedInt, flag, optionalInt, repeatable, timestamp } from "./query.ts";

export const MAX_BULK = 500;

/** The path parameters naming an object, and one record of it. */
export const objectParam = z
  .string()
  .describe("The object's apiName, e.g. contact, company, opportunity (the objects list gives them all)");
export const idParam = z.string().describe("The record's id (a uuid)");

export const recordRefSchema = z.object({ object: objectParam, id: idParam });

/** A record: id, the object's fields by apiName, and the system keys (spec 2.3). */
export const recordSchema = z
  .object({
    id: z.string().describe("uuid"),
    owner_id: z.string().nullable(),
    created_at: z.string().describe("ISO 8601 UTC"),
    updated_at: z.string().describe("ISO 8601 UTC"),
    deleted_at: z.string().optional().describe("Only on trashed records"),
  })
  .catchall(z.unknown())
  .meta({
    id: "Record",
    description: "The object's field values by apiName (null when empty; formula and rollup fields computed), plus id and system keys.",
  });

export const recordValuesSchema = z
  .record(z.string(), z.unknown())
  .meta({ id: "RecordValues", description: "Field values by apiName. Unknown, read-only (formula/rollup) and system keys are refused." });

export const recordPageSchema = z
  .object({ data: z.array(recordSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "RecordPage" });

const itemResult = z.object({
  index: z.number().int().describe("Position of the item in the request"),
  ok: z.boolean(),
  id: z.string().optional().describe("Present when ok is true"),
  error: z.string().optional().describe("Present when ok is false: the sentence a single request would answer"),
  message: z
    .string()
    .optional()
    .describe("Present when ok is false: always a sentence (error may be an identifier such as errors.apiKeyObjectDenied)"),
  code: z.string().optional().describe("Present when ok is false: the error's code, as in a single request's error body"),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe(
      "Present when ok is false and fields are at fault: every field's error (path and message), as in a single request's error body",
    ),
  action: z
    .enum(["created", "updated"])
    .optional()
    .describe("With upsertOn, when ok is true: whether the item created a record or updated one"),
});

export const bulkCreateResultSchema = z
  .object({
    results: z.array(itemResult),
    created: z.number().int(),
    updated: z.number().int().optional().describe("With upsertOn: how many items updated an existing record"),
    failed: z.number().int(),
  })
  .meta({ id: "BulkCreateResult" });

export const bulkUpdateResultSchema = z
  .object({ results: z.array(itemResult), updated: z.number().int(), failed: z.number().int() })
  .meta({ id: "BulkUpdateResult" });

export const listParamsSchema = z.object({
  object: objectParam,
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Records per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Records to skip"),
  search: z.string().optional().describe("Words that start words of the record's name; accent- and case-insensitive"),
  order: z
    .string()
    .optional()
    .describe(
      "`<field>:asc` or `<field>:desc` (fields or id, owner_id, created_at, updated_at); default created_at:desc; id breaks ties. Records with the field empty come last in either direction",
    ),
  filter: repeatable(MAX_FILTERS, "filters").describe(
    `Up to ${MAX_FILTERS} filters combined with AND (in a query string, repeat the parameter): \`field:operator:value\` with eq, neq, contains, gt, lt, gte, lte, or \`field:empty\` / \`field:not_empty\`; legacy \`field:value\` means eq. Text compares accent- and case-insensitively`,
  ),
  trashed: flag().describe("`true` lists the trash instead"),
});
export type ListParams = z.output<typeof listParamsSchema>;

const pageSize = () => optionalInt(1, MAX_PAGE_SIZE, `must be an integer from 1 to ${MAX_PAGE_SIZE}`, DEFAULT_PAGE_SIZE);

export const exportParamsSchema = z.object({
  object: objectParam,
  page: optionalInt(1, MAX_PAGE, "must be an integer from 1", 1).describe("Page number"),
  pageSize: pageSize().describe("Rows per page"),
  limit: pageSize().describe("Alternative to page/pageSize: rows"),
  offset: optionalInt(0, MAX_EXPORT_OFFSET, "must be a non-negative integer", 0).describe("Alternative to page/pageSize: rows to skip"),
  updated_since: timestamp().describe("Only records updated strictly after this instant (ISO 8601)"),
  created_since: timestamp().describe("Only records created strictly after this instant (ISO 8601)"),
  filter: repeatable(MAX_FILTERS, "filters").describe("Repeatable `field:value` equality filters"),
});
export type ExportParams = z.output<typeof exportParamsSchema>;
