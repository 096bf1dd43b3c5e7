"use client";
import Link from "next/link";
import { PRESELECTED_EVENTS } from "@/lib/schemas/event-names.ts";
import { Field } from "@/components/ui/field.tsx";
import { OneTimeSecret } from "@/components/ui/one-time-secret.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";
import { WebhookEvents } from "./webhook-events.tsx";

/**
 * Where a webhook may point, and what to do in development: deliveries go to the public internet only,
 * so a receiver on a laptop gets events through `crm listen` (or an operator admits its network).
 */
function LocalReceiverHint() {
  return (
    <>
      An http or https address on the public internet. Developing a receiver on your computer? Run{" "}
      <code>npx crm listen --forward-to http://127.0.0.1:4000/hook</code>: it streams this company&apos;s events and posts each one, signed
      like a delivery, to your local address, with no public URL and no webhook to add (see{" "}
      <Link href="/docs/guides/events-and-crm-listen">Events and crm listen</Link>). A server on your own network can be admitted by the
      operator with <code>WEBHOOK_ALLOW_NETWORKS</code> (e.g. <code>10.20.0.0/16</code>).
    </>
  );
}

/** Add a webhook; its signing secret is shown here once, and never again. */
export function CreateWebhookForm({ createWebhookAction }: { createWebhookAction: FormAction<{ secret: string; url: string }> }) {
  const { state, pending, formProps } = useSettingsForm(createWebhookAction);
  return (
    <div className="stack">
      {state?.ok && (
        <OneTimeSecret
          label="New webhook secret"
          heading={`Copy the signing secret for ${state.data.url} now: you will not see it again.`}
          value={state.data.secret}
          testId="new-webhook-secret"
        >
          <span className="hint">
            Receivers check each delivery&apos;s signature with it. A lost secret is replaced by rotating it, on the webhook&apos;s page.
          </span>
        </OneTimeSecret>
      )}
      <form {...formProps} className="stack" aria-label="Add webhook">
        <FieldErrorsProvider state={state}>
          <Field name="url" label="Endpoint URL" hint={<LocalReceiverHint />}>
            <input name="url" type="url" required maxLength={2048} placeholder="https://example.com/crm-events" />
          </Field>
          <WebhookEvents checked={PRESELECTED_EVENTS} />
        </FieldErrorsProvider>
        <FormOutcome state={state} />
        <div>
          <button type="submit" disabled={pending}>
            {pending ? "Adding…" : "Add webhook"}
          </button>
        </div>
      </form>
    </div>
  );
}
