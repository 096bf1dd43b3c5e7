// Your account: end every browser session of your own, this one included
import { z } from "zod";
import { assertSession } from "@/lib/auth/access.ts";
import { invalid } from "@/lib/errors/app-error.ts";
import { signOutEverywhere } from "@/lib/services/users/users.ts";
import { defineOperation } from "../define.ts";

export const signOutEverywhereOp = defineOperation({
  name: "session.signOutEverywhere",
  summary: "Sign out everywhere",
  description:
    "Ends every browser session and OAuth token of the signed-in user, on every device, this one included; API keys stay. " +
    "`userId` is the account the page showed: anyone else's is refused (the browser may have signed in as someone else since).",
  scope: "settings:read",
  input: z.object({ userId: z.string().max(100) }),
  output: z.object({ id: z.string(), email: z.string() }),
  errors: ["invalid_request"],
  authorize: assertSession,
  run: async ({ tx, principal }, { userId }) => {
    if (userId !== principal.userId) throw invalid("This page was showing another account: reload it");
    const platformAdmin = principal.credential.kind === "session" && principal.credential.platformAdmin;
    const user = await signOutEverywhere(tx, principal.tenantId, { id: principal.userId, platformAdmin }, principal.userId);
    return { id: user.id, email: user.email };
  },
  audit: (_input, user) => ({ action: "user.signed_out_everywhere", target: { type: "user", id: user.id, label: user.email } }),
});
