// POST /api/v1/{object}/imports/{id}/cancel — stop an import before its next batch
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { importIdSchema, importSchema } from "@/lib/schemas/imports.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { cancelImport } from "@/lib/services/imports/imports.ts";
import { defineOperation } from "../define.ts";

export const cancelImportOp = defineOperation({
  name: "imports.cancel",
  summary: "Cancel an import",
  description:
    "Cancels a queued or running import: no batch starts after this (one under way finishes first), and the rows already written " +
    "stay. A cancelled import is answered as it is; a done or failed one cannot be cancelled (409). Needs the object's create permission.",
  scope: "records:write",
  http: { method: "POST", path: "/{object}/imports/{id}/cancel" },
  input: z.object({ object: objectParam, id: importIdSchema }),
  output: importSchema,
  errors: [
    "invalid_request",
    "not_found",
    "conflict",
    "api_key_read_only",
    "api_key_object_denied",
    "permission_denied",
    "storage_unavailable",
  ],
  authorize: (p, input) => assertRecordAccess(p, input.object, "create"),
  run: ({ tx, principal }, { object, id }) => cancelImport(tx, principal, object, id),
});
