// GET /api/v1/{object} — list, search and filter records
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { listParamsSchema, recordPageSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { MAX_FILTERS, MAX_LIMIT } from "@/lib/schemas/paging.ts";
import { readRecordPage } from "@/lib/services/records/read-records.ts";
import { defineOperation, READS, TOOL_PAGE_SIZE } from "../define.ts";

export const listRecordsOp = defineOperation({
  name: "records.list",
  summary: "List records",
  description:
    "Lists an object's records with the exact `total` of matches. Filter with up to 12 `filter` parameters (AND), search by name, order by any field, page with limit/offset.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}" },
  mcp: {
    tool: "list_records",
    title: "List or search records",
    description:
      "Lists an object's records with the exact total of matches. Narrow with `search` (words starting words of the record's name, accent- and case-insensitive) " +
      `and up to ${MAX_FILTERS} \`filters\` combined with AND, each \`field:operator:value\` (eq, neq, contains, gt, lt, gte, lte) or \`field:empty\` / \`field:not_empty\`. ` +
      `Order with \`field:asc\` or \`field:desc\`. Pages hold ${TOOL_PAGE_SIZE} records unless \`limit\` says otherwise (at most ${MAX_LIMIT}); use \`offset\` for the next page.`,
    annotations: READS,
    rename: { filter: "filters" },
    defaults: { limit: TOOL_PAGE_SIZE },
  },
  input: listParamsSchema,
  output: recordPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  async run({ tx, principal }, { object: apiName, ...params }) {
    const object = await loadObjectSchema(tx, principal.tenantId, apiName, principal.schemaVersion);
    return readRecordPage(tx, principal.tenantId, object, parseListQuery(object.fields, params));
  },
});
