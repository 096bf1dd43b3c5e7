import { z } from "zod";

export const MAX_BULK = 500;

/** The path parameters naming an object, and one record of it. */
export const objectParam = z.string().describe("Object apiName");
/** The object argument of MCP tools. */
export const objectArg = z.string().describe("The object's apiName, e.g. contact, company, opportunity (list_objects gives them all)");
export const idArg = z.string().describe("The record's id (a uuid)");

export const recordRefSchema = z.object({ object: objectParam, id: z.string().describe("Record id (uuid)") });

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
  .meta({ id: "Record", description: "The object's field values by apiName (null when empty; formula and rollup fields computed), plus id and system keys." });

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
  error: z.string().optional().describe("Present when ok is false"),
});

export const bulkCreateResultSchema = z
  .object({ results: z.array(itemResult), created: z.number().int(), failed: z.number().int() })
  .meta({ id: "BulkCreateResult" });

export const bulkUpdateResultSchema = z
  .object({ results: z.array(itemResult), updated: z.number().int(), failed: z.number().int() })
  .meta({ id: "BulkUpdateResult" });

/** A query-string parameter: given once, repeated, or absent. */
export const queryParam = z.union([z.string(), z.array(z.string())]).optional();
const param = queryParam;

export const listParamsSchema = z.object({
  object: objectParam,
  limit: param.describe("1 to 500, default 50"),
  offset: param.describe("Default 0"),
  search: param.describe("Words that start words of the record's name; accent- and case-insensitive"),
  order: param.describe("`<field>:asc` or `<field>:desc` (fields or id, owner_id, created_at, updated_at); default created_at:desc; id breaks ties. Empty values sort last ascending, first descending"),
  filter: param.describe(
    "Repeatable, up to 12, combined with AND: `field:operator:value` with eq, neq, contains, gt, lt, gte, lte, or `field:empty` / `field:not_empty`; legacy `field:value` means eq. Text compares accent- and case-insensitively",
  ),
  trashed: param.describe("`true` lists the trash"),
});
