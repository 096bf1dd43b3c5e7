"use server";
import { AuthError } from "next-auth";
import { actionArg, serverAction } from "@/lib/adapters/actions/server-action.ts";
import { signIn } from "@/lib/adapters/next-auth/next-auth.ts";

import type { LoginState } from "@/components/auth/login-form.tsx";

/** Only local paths: a login link must not be able to send the user to another site. */
function safeCallback(raw: FormDataEntryValue | null): string {
  let value = typeof raw === "string" ? raw : "";
  // The proxy sends absolute URLs; keep only their path so the origin can never change.
  if (/^https?:\/\//i.test(value)) {
    if (!URL.canParse(value)) return "/dashboard";
    const url = new URL(value);
    value = url.pathname + url.search;
  }
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/dashboard";
}

export const login = serverAction([actionArg.state<LoginState>(), actionArg.form], async (_prev, form): Promise<LoginState> => {
  const redirectTo = safeCallback(form.get("callbackUrl"));
  try {
    await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    return { redirectTo };
  } catch (err) {
    if (err instanceof AuthError) return { error: "Invalid email or password" };
    throw err;
  }
});
