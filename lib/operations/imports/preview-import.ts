// POST /api/v1/{object}/imports/preview — how a CSV would import, tried on its first rows, nothing kept
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { importPreviewSchema, importRequestSchema } from "@/lib/schemas/imports.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { PREVIEW_MAX_BYTES, PREVIEW_ROWS, previewImport } from "@/lib/services/imports/import-preview.ts";
import { defineOperation } from "../define.ts";

export const previewImportOp = defineOperation({
  name: "imports.preview",
  summary: "Preview a CSV import",
  description:
    `Takes what POST /{object}/imports takes (the start of the file is enough: at most ${PREVIEW_MAX_BYTES} bytes are read) and ` +
    `answers how its columns map to fields and how its first ${PREVIEW_ROWS} rows would be written, each with the error the import ` +
    "would give it: the rows go through the import's own checks (validation, lookups, uniqueness, approval rules) in a transaction " +
    "that is then rolled back, so nothing is created or changed. A sample cut inside its last row ends the preview at the row before.",
  scope: "records:write",
  http: {
    method: "POST",
    path: "/{object}/imports/preview",
    body: "body",
    upload: { part: "file", maxBytes: () => PREVIEW_MAX_BYTES, limitName: "the preview's 1 MiB", jsonParts: ["mapping"] },
  },
  input: z.object({ object: objectParam, body: importRequestSchema }),
  output: importPreviewSchema,
  errors: ["invalid_request", "not_found", "api_key_read_only", "api_key_object_denied", "permission_denied", "payload_too_large"],
  authorize: (p, input) => {
    assertRecordAccess(p, input.object, "create");
    if (input.body.mode === "upsert") assertRecordAccess(p, input.object, "update");
  },
  run: ({ tx, principal }, { object, body }) => previewImport(tx, principal, object, body),
});
