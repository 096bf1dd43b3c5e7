"use client";
import Link from "next/link";
import { useActionState } from "react";
import { MIN_PASSWORD_LENGTH } from "@/lib/services/users/password-rules.ts";

export type SetPasswordState = { ok: true; email: string } | { ok: false; error: string } | null;

/** New password, twice; once saved, the way to sign in. */
export function SetPasswordForm({
  token,
  setPasswordAction,
}: {
  token: string;
  setPasswordAction: (prev: SetPasswordState, form: FormData) => Promise<SetPasswordState>;
}) {
  const [state, action, pending] = useActionState<SetPasswordState, FormData>(setPasswordAction, null);
  if (state?.ok)
    return (
      <p role="status" className="success">
        Your password is set. <Link href="/login">Sign in</Link> as {state.email}.
      </p>
    );
  return (
    <form action={action} className="stack">
      <input type="hidden" name="token" value={token} />
      <label>
        Password (at least {MIN_PASSWORD_LENGTH} characters)
        <input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={200} required />
      </label>
      <label>
        The same password again
        <input name="confirm" type="password" autoComplete="new-password" required />
      </label>
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </button>
    </form>
  );
}
