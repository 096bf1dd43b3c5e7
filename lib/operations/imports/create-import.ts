// POST /api/v1/{object}/imports — start a CSV import (a multipart file, or an uploaded attachment)
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { importMaxBytes } from "@/lib/config.ts";
import { importRequestSchema, importSchema } from "@/lib/schemas/imports.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { startImport } from "@/lib/services/imports/start-import.ts";
import { defineOperation } from "../define.ts";

export const createImportOp = defineOperation({
  name: "imports.create",
  summary: "Import records from a CSV file",
  description:
    "Starts an import of a CSV file into the object: as `multipart/form-data` with the file in the part `file` (other parts: `mode`, " +
    "`upsertOn`, `mapping` as a JSON string), or as JSON naming an attachment already uploaded (`attachmentId`). UTF-8 with or without " +
    "a BOM, `,` or `;` as the header line shows, quoted cells may hold delimiters, quotes and line breaks. The file is read through and " +
    "stored before the answer: a malformed file, a header without columns or with one twice, or a mapping to a field the object does " +
    "not have is a 400 with `details`, a file over IMPORT_MAX_BYTES a 413. The answer is 202 with the import, `queued`: its rows are " +
    "written in the background in batches of 500 with the same checks as `POST /{object}/bulk` (create, or with `mode: upsert` update " +
    "the record holding each row's `upsertOn` value). A lookup column may hold the target record's id, one of its unique values or its " +
    "name (exactly one match). Needs the object's create permission, and update for upsert.",
  scope: "records:write",
  http: {
    method: "POST",
    path: "/{object}/imports",
    status: 202,
    body: "body",
    upload: { part: "file", maxBytes: importMaxBytes, limitName: "IMPORT_MAX_BYTES", jsonParts: ["mapping"] },
  },
  input: z.object({ object: objectParam, body: importRequestSchema }),
  output: importSchema,
  errors: [
    "invalid_request",
    "not_found",
    "api_key_read_only",
    "api_key_object_denied",
    "permission_denied",
    "payload_too_large",
    "storage_unavailable",
  ],
  authorize: (p, input) => {
    assertRecordAccess(p, input.object, "create");
    if (input.body.mode === "upsert") assertRecordAccess(p, input.object, "update");
  },
  run: ({ tx, principal }, { object, body }) => startImport(tx, principal, object, body),
});
