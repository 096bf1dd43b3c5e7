// The record views: what the signed-in user's role lets them do with an object's records, so pages
// offer only what the operations would allow (the operations check again on every submit).
import { z } from "zod";
import { assertSession, roleGrant } from "@/lib/auth/access.ts";
import { objectParam } from "@/lib/schemas/records.ts";
import { defineOperation } from "../define.ts";

export const objectAccessOp = defineOperation({
  name: "session.objectAccess",
  summary: "Your access to an object",
  description: "Whether your role lets you read, create, update and delete the object's records.",
  scope: "settings:read",
  input: z.object({ object: objectParam }),
  output: z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean(), delete: z.boolean() }),
  errors: ["permission_denied"],
  // Your own role's grants, for any object name (activity included): nothing about the records.
  authorize: assertSession,
  run: async ({ principal }, { object }) => {
    const { read, create, update, delete: del } = roleGrant(principal.role, object);
    return { read, create, update, delete: del };
  },
});
