"use server";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { signOut } from "@/lib/adapters/next-auth/next-auth.ts";

/** The sidebar's "Sign out" button (a form). */
export const logout = serverAction([actionArg.form], async (): Promise<void> => {
  await signOut({ redirectTo: "/login" });
});
