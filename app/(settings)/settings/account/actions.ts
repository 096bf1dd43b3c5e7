"use server";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { act, type FormState } from "@/lib/adapters/actions/session-operation.ts";
import { signOut } from "@/lib/adapters/next-auth/next-auth.ts";
import { signOutEverywhereOp } from "@/lib/operations/session/sign-out-everywhere.ts";

/**
 * Ends every session of the signed-in user, who must be `userId`, the account the page showed;
 * this browser's goes too, back to the login page.
 */
export const signOutEverywhereAction = serverAction([actionArg.text], async (userId): Promise<FormState> => {
  const result = await act(signOutEverywhereOp, { userId });
  if (!result.ok) return result;
  await signOut({ redirectTo: "/login" });
  return result;
});
