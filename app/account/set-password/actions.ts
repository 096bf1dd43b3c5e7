"use server";
import { headers } from "next/headers";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { requestOrigin } from "@/lib/adapters/rest/client-ip.ts";
import { setPasswordWithLink } from "@/lib/services/users/set-password.ts";

import type { SetPasswordState } from "@/components/auth/set-password-form.tsx";

/** The set-password form: the link's token and the new password (typed twice). */
export const setPasswordAction = serverAction(
  [actionArg.state<SetPasswordState>(), actionArg.form],
  async (_prev, form): Promise<SetPasswordState> => {
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) return { ok: false, error: "The two passwords differ" };
    return setPasswordWithLink(String(form.get("token") ?? ""), password, requestOrigin(await headers()));
  },
);
