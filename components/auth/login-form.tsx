"use client";
import { useActionState, useEffect } from "react";

export interface LoginState {
  error?: string;
  /** Where the browser goes once signed in: loaded as a document, so that page's own headers (its frame policy) apply. */
  redirectTo?: string;
}

export function LoginForm({
  callbackUrl,
  login,
}: {
  callbackUrl: string;
  login: (prev: LoginState, form: FormData) => Promise<LoginState>;
}) {
  const [state, action, pending] = useActionState<LoginState, FormData>(login, {});
  useEffect(() => {
    if (state.redirectTo) window.location.assign(state.redirectTo);
  }, [state.redirectTo]);
  return (
    <form action={action} className="stack">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {state.error && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending || !!state.redirectTo}>
        {pending || state.redirectTo ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
