"use client";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";
import { WebhookEvents } from "./webhook-events.tsx";

export function EditWebhookForm({
  id,
  url,
  events,
  updateWebhookAction,
}: {
  id: string;
  url: string;
  events: string[];
  updateWebhookAction: FormAction<unknown>;
}) {
  const { state, pending, formProps } = useSettingsForm(updateWebhookAction);
  return (
    <form {...formProps} className="stack" aria-label="Edit webhook">
      <input type="hidden" name="id" value={id} />
      <FieldErrorsProvider state={state}>
        <Field name="url" label="Endpoint URL">
          <input name="url" type="url" required maxLength={2048} defaultValue={url} />
        </Field>
        <WebhookEvents checked={events} />
      </FieldErrorsProvider>
      <FormOutcome state={state} success="Saved." />
      <div>
        <button type="submit" disabled={pending}>
          Save
        </button>
      </div>
    </form>
  );
}
