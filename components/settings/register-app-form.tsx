"use client";
import { useActionState } from "react";
import { registerAppAction, type RegisterState } from "@/app/(settings)/settings/apps/actions.ts";

/** Platform admins register an OAuth app; it stays unpublished until published below. */
export function RegisterAppForm({ scopes }: { scopes: readonly string[] }) {
  const [state, action, pending] = useActionState<RegisterState, FormData>(registerAppAction, null);
  return (
    <form action={action} className="stack" aria-label="Register app">
      <label>
        Name
        <input name="name" required maxLength={100} />
      </label>
      <label>
        Description
        <input name="description" maxLength={1000} />
      </label>
      <label>
        Logo URL (https)
        <input name="logoUrl" type="url" />
      </label>
      <label>
        Redirect URIs (one per line, matched exactly)
        <textarea name="redirectUris" required rows={2} placeholder="https://app.example.com/oauth/callback" />
      </label>
      <label>
        Allowed origins for widgets (one per line)
        <textarea name="allowedOrigins" rows={1} placeholder="https://app.example.com" />
      </label>
      <label>
        Scopes the app may request (space or line separated)
        <textarea name="scopes" required rows={2} defaultValue={scopes.join(" ")} />
      </label>
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      {state?.ok && <p className="success">Registered with client_id {state.data.clientId}. Publish it to get its secret.</p>}
      <div>
        <button type="submit" disabled={pending}>
          Register app
        </button>
      </div>
    </form>
  );
}
