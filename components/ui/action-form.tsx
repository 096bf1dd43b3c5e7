"use client";
import type { ReactNode } from "react";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "./settings-form.tsx";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A settings form bound to a server action: field errors next to their <Field>s, the rest above
 * the button. With `question`, it asks first (archiving, deleting) and sends nothing when declined.
 */
export function ActionForm({
  action,
  children,
  label,
  submit,
  danger,
  question,
  success,
  onReset,
}: {
  action: FormAction<unknown>;
  children: ReactNode;
  label: string;
  submit: string;
  danger?: boolean;
  question?: string;
  success?: string;
  /** For state kept outside the inputs, reset with them after a successful submit. */
  onReset?: () => void;
}) {
  const { state, pending, formProps } = useSettingsForm(action);
  // A form that asks first cannot ask before hydration (it would post at once): it waits until then.
  // One that does not ask posts as it is, scripts or not.
  const hydrated = useHydrated();
  return (
    <form
      {...formProps}
      onSubmit={(event) => {
        if (question && !window.confirm(question)) event.preventDefault();
        else formProps.onSubmit(event);
      }}
      onReset={onReset}
      className="stack"
      aria-label={label}
    >
      <FieldErrorsProvider state={state}>{children}</FieldErrorsProvider>
      <FormOutcome state={state} success={success} />
      <div>
        <button type="submit" className={danger ? "danger" : undefined} disabled={pending || (question !== undefined && !hydrated)}>
          {submit}
        </button>
      </div>
    </form>
  );
}
