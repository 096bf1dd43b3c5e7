// GET /api/v1/data/{object} — flattened rows for BI and automation polling
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { parseExportQuery } from "@/lib/services/records/export/export-query.ts";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging.ts";
import { readExportRows } from "@/lib/services/records/export/export-rows.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { exportParamsSchema } from "@/lib/schemas/records.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

export const exportRecordsOp = defineOperation({
  name: "records.export",
  summary: "Flattened rows (data endpoint)",
  description:
    "Rows with fixed columns id, created_at, updated_at, owner_id and one column per field, newest change first (updated_at then id, descending). " +
    "To sync, remember the largest updated_at you received and ask for `updated_since` that value next time: no change is missed or repeated. " +
    "A change is returned once every write that began before it has ended (usually within milliseconds), so no later commit can carry an earlier updated_at.",
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
    rename: { filter: "filters" },
    omit: ["page", "pageSize"],
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: exportParamsSchema,
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
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  async run({ tx, principal }, { object: apiName, ...params }) {
    const object = await loadObjectSchema(tx, principal.tenantId, apiName, principal.schemaVersion);
    return readExportRows(tx, principal.tenantId, object, parseExportQuery(object.fields, params));
  },
});
