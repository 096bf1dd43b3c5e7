// GET /api/v1/{object} — list, search and filter records
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { listParamsSchema, recordPageSchema } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { parseListQuery } from "@/lib/services/records/query/index.ts";
import { listRecords as list } from "@/lib/services/records/read-records.ts";
import { defineSqlOperation } from "../define.ts";

export const listRecords = defineSqlOperation({
  name: "records.list",
  summary: "List records",
  description:
    "Lists an object's records with the exact `total` of matches. Filter with up to 12 `filter` parameters (AND), search by name, order by any field, page with limit/offset.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}" },
  input: listParamsSchema,
  output: recordPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertObjectAccess(p, input.object, "read"),
  async run({ tx, principal }, { object: apiName, ...params }) {
    const object = await loadObjectSchema(tx, principal.tenantId, apiName, principal.schemaVersion);
    return list(tx, principal.tenantId, object, parseListQuery(object.fields, params));
  },
});
