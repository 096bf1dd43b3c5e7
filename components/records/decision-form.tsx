"use client";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { FormOutcome, useSettingsForm } from "@/components/ui/settings-form";

/** Approve or reject a request with a comment; a refusal (decided meanwhile, not an approver) is shown, the comment kept. */
export function DecisionForm({ action, label }: { action: (prev: FormState, form: FormData) => Promise<FormState>; label: string }) {
  const { state, pending, formProps } = useSettingsForm(action);
  return (
    <form {...formProps} className="stack" aria-label={label}>
      <label>
        Comment
        <textarea name="comment" rows={2} maxLength={2000} />
      </label>
      <FormOutcome state={state} success="Decided." />
      <div className="row">
        <button type="submit" name="decision" value="approve" disabled={pending}>
          Approve
        </button>
        <button type="submit" name="decision" value="reject" className="danger" disabled={pending}>
          Reject
        </button>
      </div>
    </form>
  );
}
