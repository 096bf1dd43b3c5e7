// The app's sidebar: the objects whose records the signed-in user may read, with their plural labels.
import { z } from "zod";
import { assertSession, canSeeObject } from "@/lib/auth/access.ts";
import { defineOperation } from "../define.ts";

export const recordNavigationOp = defineOperation({
  name: "session.recordNavigation",
  summary: "Record lists in the sidebar",
  description: "The objects the signed-in user may read, for the sidebar's Records group.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({ data: z.array(z.object({ apiName: z.string(), pluralLabel: z.string() })) }),
  errors: ["permission_denied"],
  authorize: assertSession,
  async run({ tx, principal }) {
    const rows = await tx.$queryRaw<{ apiName: string; pluralLabel: string }[]>`
      SELECT api_name AS "apiName", plural_label AS "pluralLabel" FROM object_def
      WHERE tenant_id = ${principal.tenantId}::uuid AND archived_at IS NULL ORDER BY custom, api_name`;
    return { data: rows.filter((o) => canSeeObject(principal, o.apiName)) };
  },
});
