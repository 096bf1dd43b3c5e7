"use client";
import { useActionState, type MouseEvent } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { useHydrated } from "@/components/ui/use-hydrated.ts";
import { OneTimeSecret } from "@/components/ui/one-time-secret.tsx";

/** Publishing yields the client secret, shown this once; publishing again rotates it (asked first: the old secret stops at once). */
export type PublishState = ActionResult<{ clientId: string; clientSecret: string }> | null;

export function PublishAppButton({
  id,
  name,
  published,
  publishAppAction,
}: {
  id: string;
  name: string;
  published: boolean;
  publishAppAction: (prev: PublishState, form: FormData) => Promise<PublishState>;
}) {
  const [state, action, pending] = useActionState<PublishState, FormData>(publishAppAction, null);
  const hydrated = useHydrated();
  const confirmRotate = (event: MouseEvent<HTMLButtonElement>) => {
    if (published && !window.confirm(`Rotate the client secret of ${name}? The current secret stops working at once.`))
      event.preventDefault();
  };
  return (
    <form action={action} className="stack" aria-label={`Publish ${name}`}>
      <input type="hidden" name="id" value={id} />
      {state?.ok && (
        <OneTimeSecret
          label="New client secret"
          heading={`Copy the client secret of ${name} now: it will not be shown again.`}
          value={state.data.clientSecret}
          testId="client-secret"
        >
          <span>
            client_id <code data-testid="client-id">{state.data.clientId}</code>
          </span>
        </OneTimeSecret>
      )}
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      <div>
        <button type="submit" className={published ? "secondary" : undefined} disabled={pending || !hydrated} onClick={confirmRotate}>
          {published ? "Rotate secret" : "Publish"}
        </button>
      </div>
    </form>
  );
}
