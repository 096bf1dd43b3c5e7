"use client";
import { FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

/** Sends the webhook a webhook.test event through the same path as any event; the result shows in its log. */
export function SendTestEvent({
  id,
  disabled,
  sendTestEventAction,
}: {
  id: string;
  disabled?: boolean;
  sendTestEventAction: FormAction<{ id: string }>;
}) {
  const { state, pending, formProps } = useSettingsForm(sendTestEventAction);
  return (
    <form {...formProps} className="stack" aria-label="Send test event">
      <input type="hidden" name="id" value={id} />
      <FormOutcome state={state} success="Test event sent: its delivery shows in the log below within seconds." />
      <div>
        <button type="submit" className="secondary" disabled={pending || disabled}>
          Send test event
        </button>
      </div>
    </form>
  );
}
