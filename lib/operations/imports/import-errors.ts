// GET /api/v1/{object}/imports/{id}/errors — the failed rows as CSV
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { importIdSchema } from "@/lib/schemas/imports.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { importErrorsCsv } from "@/lib/services/imports/imports.ts";
import { defineOperation } from "../define.ts";

export const getImportErrorsOp = defineOperation({
  name: "imports.errors",
  summary: "Download an import's failed rows",
  description:
    "The rows the import could not write so far, as CSV (comma-separated, UTF-8): the file's own columns, then `row` (the line the row " +
    "starts on in the file, the header being line 1) and `error` (the API's sentence, e.g. `email: another record already has this " +
    "value`). Fix them and import the file again: `row` and `error` match no field. Needs read access to the object.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}/imports/{id}/errors", produces: "text/csv" },
  input: z.object({ object: objectParam, id: importIdSchema }),
  output: z.string().describe("CSV"),
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  run: ({ tx, principal }, { object, id }) => importErrorsCsv(tx, principal, object, id),
});
