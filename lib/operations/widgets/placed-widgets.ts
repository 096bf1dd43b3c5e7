// The record and dashboard pages: which widgets this tenant shows there.
import { z } from "zod";
import { assertObjectAccess, assertSession } from "@/lib/auth/access.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { placedWidgetSchema } from "@/lib/schemas/widgets.ts";
import { placedWidgets } from "@/lib/services/widgets/placements.ts";
import { defineOperation } from "../define.ts";

export const placedWidgetsOp = defineOperation({
  name: "widgets.placed",
  summary: "Widgets placed on a page",
  description: "The widgets of apps installed in this tenant with widgets:embed, for the dashboard or one object's record pages.",
  scope: "settings:read",
  input: z.discriminatedUnion("location", [
    z.object({ location: z.literal("dashboard") }),
    z.object({ location: z.literal("record"), objectApiName: objectParam }),
  ]),
  output: z.object({ data: z.array(placedWidgetSchema) }),
  errors: ["not_found", "permission_denied"],
  authorize: (principal, input) => {
    assertSession(principal);
    // A record page's widgets only for someone who may read the object's records.
    if (input.location === "record") assertObjectAccess(principal, input.objectApiName, "read");
  },
  run: async ({ tx, principal }, input) => ({
    data: await placedWidgets(tx, principal.tenantId, input.location, input.location === "record" ? input.objectApiName : undefined),
  }),
});
