// GET /api/v1/{object}/imports and /api/v1/{object}/imports/{id} — an object's imports and their progress
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { importIdSchema, importPageSchema, importPaging, importSchema } from "@/lib/schemas/imports.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { getImport, listImports } from "@/lib/services/imports/imports.ts";
import { defineOperation } from "../define.ts";

export const listImportsOp = defineOperation({
  name: "imports.list",
  summary: "List an object's imports",
  description: "The object's imports, newest first, with the exact `total`. Needs read access to the object.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}/imports" },
  input: z.object({ object: objectParam, ...importPaging }),
  output: importPageSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  run: ({ tx, principal }, { object, limit, offset }) => listImports(tx, principal, object, { limit, offset }),
});

export const getImportOp = defineOperation({
  name: "imports.get",
  summary: "Get an import's progress",
  description:
    "An import: its status (queued, running, done, failed, cancelled), `total` rows, how many are `processed` and of those `created`, " +
    "`updated` and `failed`, and `errors_url` for the failed rows. `started_at` with processed/total gives the time left. Needs read " +
    "access to the object.",
  scope: "records:read",
  http: { method: "GET", path: "/{object}/imports/{id}" },
  input: z.object({ object: objectParam, id: importIdSchema }),
  output: importSchema,
  errors: ["invalid_request", "not_found", "api_key_object_denied", "permission_denied"],
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  run: ({ tx, principal }, { object, id }) => getImport(tx, principal, object, id),
});
