"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";
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
        <ConfirmSubmit
          question={published ? `Rotate the client secret of ${name}? The current secret stops working at once.` : null}
          className={published ? "secondary" : ""}
          pending={pending}
        >
          {published ? "Rotate secret" : "Publish"}
        </ConfirmSubmit>
      </div>
    </form>
  );
}
