"use client";
import { useActionState } from "react";
import { publishAppAction, type PublishState } from "@/app/(settings)/settings/apps/actions.ts";

/** Publishing yields the client secret, shown this once; publishing again rotates it. */
export function PublishAppButton({ id, name, published }: { id: string; name: string; published: boolean }) {
  const [state, action, pending] = useActionState<PublishState, FormData>(publishAppAction, null);
  return (
    <form action={action} className="stack" aria-label={`Publish ${name}`}>
      <input type="hidden" name="id" value={id} />
      {state?.ok && (
        <div className="secret stack" role="status" aria-label="New client secret">
          <strong>Copy the client secret now: it will not be shown again.</strong>
          <code data-testid="client-id">{state.data.clientId}</code>
          <code data-testid="client-secret">{state.data.clientSecret}</code>
        </div>
      )}
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      <div>
        <button type="submit" className={published ? "secondary" : undefined} disabled={pending}>
          {published ? "Rotate secret" : "Publish"}
        </button>
      </div>
    </form>
  );
}
