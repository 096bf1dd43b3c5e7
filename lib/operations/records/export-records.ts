// GET /api/v1/data/{object} — flattened rows for BI and automation polling
import { z } from "zod";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { parseExportQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/services/records/export/export-query.ts";
import { exportRecords as exportRows } from "@/lib/services/records/export/export-records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { objectArg, objectParam, queryParam } from "@/lib/schemas/records.ts";
import { defineSqlOperation, READS, TOOL_PAGE_SIZE, toolPaging } from "../define.ts";

export const exportRecords = defineSqlOperation({
  name: "records.export",
  summary: "Flattened rows (data endpoint)",
  description:
    "Rows with fixed columns id, created_at, updated_at, owner_id and one column per field, newest change first (updated_at then id, descending). " +
    "To sync, remember the largest updated_at you received and ask for `updated_since` that value next time: stamps are strictly increasing in commit order, so no change is missed or repeated.",
  scope: "records:read",
  http: { method: "GET", path: "/data/{object}" },
  mcp: {
    tool: "export_records",
    title: "Export flat rows",
    description:
      "Flat rows of an object for BI and sync: fixed columns id, created_at, updated_at, owner_id and one per field, newest change first. " +
      "To sync, pass the largest updated_at you have seen as `updated_since`: no change is missed or repeated. " +
      `Returns ${TOOL_PAGE_SIZE} rows unless \`limit\` says otherwise (at most ${MAX_PAGE_SIZE}).`,
    annotations: READS,
    args: z.strictObject({
      object: objectArg,
      updated_since: z.string().optional().describe("ISO 8601; only records updated strictly after it"),
      created_since: z.string().optional().describe("ISO 8601; only records created strictly after it"),
      filters: z.array(z.string()).optional().describe("Equality filters `field:value`"),
      limit: z.number().optional().describe(`Rows, default ${TOOL_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`),
      offset: z.number().optional().describe("Rows to skip, default 0"),
    }),
    toInput: (a) => ({
      object: a.object,
      updated_since: a.updated_since,
      created_since: a.created_since,
      ...toolPaging(a),
    }),
  },
  input: z.object({
    object: objectParam,
    page: queryParam.describe("Page number, default 1"),
    pageSize: queryParam.describe(`Rows per page, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`),
    limit: queryParam.describe(`Alternative to page/pageSize: rows, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`),
    offset: queryParam.describe("Alternative to page/pageSize: rows to skip, default 0"),
    updated_since: queryParam.describe("ISO 8601; only records updated strictly after it"),
    created_since: queryParam.describe("ISO 8601; only records created strictly after it"),
    filter: queryParam.describe("Repeatable `field:value` equality filters"),
  }),
  output: z
    .object({
      object: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      rows: z.array(z.record(z.string(), z.unknown())),
    })
    .meta({ id: "DataPage" }),
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertObjectAccess(p, input.object, "read"),
  async run({ tx, principal }, { object: apiName, ...params }) {
    const object = await loadObjectSchema(tx, principal.tenantId, apiName, principal.schemaVersion);
    return exportRows(tx, principal.tenantId, object, parseExportQuery(object.fields, params));
  },
});
