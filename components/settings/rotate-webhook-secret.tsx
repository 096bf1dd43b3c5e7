"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { when } from "./delivery-result.tsx";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";
import { OneTimeSecret } from "@/components/ui/one-time-secret.tsx";

/** Rotating yields a new signing secret, shown this once (asked first); the replaced one keeps signing for 24 hours. */
export type RotateWebhookSecretState = ActionResult<{ secret: string; previousExpiresAt: string }> | null;

export function RotateWebhookSecret({
  id,
  url,
  rotateWebhookSecretAction,
}: {
  id: string;
  url: string;
  rotateWebhookSecretAction: (prev: RotateWebhookSecretState, form: FormData) => Promise<RotateWebhookSecretState>;
}) {
  const [state, action, pending] = useActionState<RotateWebhookSecretState, FormData>(rotateWebhookSecretAction, null);
  const question = `Rotate the signing secret of ${url}? The current secret keeps signing beside the new one for 24 hours, then stops.`;
  return (
    <form action={action} className="stack" aria-label="Rotate signing secret">
      <input type="hidden" name="id" value={id} />
      {state?.ok && (
        <OneTimeSecret
          label="New webhook secret"
          heading={`Copy the new signing secret for ${url} now: you will not see it again.`}
          value={state.data.secret}
          testId="new-webhook-secret"
        >
          <span className="hint">
            Until {when(state.data.previousExpiresAt)} deliveries are signed with the previous secret too: give your receiver this one
            before then.
          </span>
        </OneTimeSecret>
      )}
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      <div>
        <ConfirmSubmit question={question} className="secondary" pending={pending}>
          Rotate secret
        </ConfirmSubmit>
      </div>
    </form>
  );
}
