// The record screens: what the lookups of a page point at are shown by name, not by id.
import { z } from "zod";
import { assertRecordAccess } from "@/lib/auth/access.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { recordTitle } from "@/lib/services/records/record-name.ts";
import { findRecords } from "@/lib/services/records/record-store.ts";
import { defineOperation } from "../define.ts";

/** A list page's lookups point at most at one record per row and lookup column. */
export const MAX_TITLES = 500;

export const recordTitlesOp = defineOperation({
  name: "session.recordTitles",
  summary: "Names of records",
  description: "The display names of live records of one object, by id, for the lookups a page shows (ids not found are left out).",
  scope: "records:read",
  input: z.object({ object: objectParam, ids: z.array(z.uuid()).max(MAX_TITLES) }),
  output: z.object({ titles: z.record(z.string(), z.string()) }),
  errors: ["not_found", "permission_denied"],
  // Only an object the user may read: otherwise the names would tell which ids exist there.
  authorize: (p, input) => assertRecordAccess(p, input.object, "read"),
  async run({ tx, principal }, { object, ids }) {
    const schema = await loadObjectSchema(tx, principal.tenantId, object, principal.schemaVersion);
    const found = await findRecords(tx, principal.tenantId, schema.id, [...new Set(ids.map((id) => id.toLowerCase()))]);
    return { titles: Object.fromEntries(found.map((r) => [r.id, recordTitle({ ...r.data, id: r.id })])) };
  },
});
