"use client";
import { FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

/** Sends the delivery's exact body again, as a new delivery in the log. */
export function RedeliverButton({
  id,
  deliveryId,
  disabled,
  redeliverAction,
}: {
  id: string;
  deliveryId: string;
  disabled?: boolean;
  redeliverAction: FormAction<{ id: string }>;
}) {
  const { state, pending, formProps } = useSettingsForm(redeliverAction);
  return (
    <form {...formProps} className="stack" aria-label="Redeliver">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <FormOutcome state={state} success="Redelivery sent: it shows in the log as a new delivery." />
      <div>
        <button type="submit" className="secondary" disabled={pending || disabled}>
          Redeliver
        </button>
      </div>
    </form>
  );
}
