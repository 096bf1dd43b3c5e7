// Your account: end every browser session of your own, this one included
import { z } from "zod";
import { assertSession } from "@/lib/auth/access.ts";
import { signOutEverywhere } from "@/lib/services/users/users.ts";
import { defineSqlOperation } from "../define.ts";

export const signOutEverywhereOp = defineSqlOperation({
  name: "session.signOutEverywhere",
  summary: "Sign out everywhere",
  description: "Ends every browser session of the signed-in user, on every device, this one included; API keys and OAuth tokens stay.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({ id: z.string(), email: z.string() }),
  errors: [],
  authorize: assertSession,
  run: async ({ tx, principal }) => {
    const platformAdmin = principal.credential.kind === "session" && principal.credential.platformAdmin;
    const user = await signOutEverywhere(tx, principal.tenantId, { id: principal.userId, platformAdmin }, principal.userId);
    return { id: user.id, email: user.email };
  },
  audit: (_input, user) => ({ action: "user.signed_out_everywhere", target: { type: "user", id: user.id, label: user.email } }),
});
