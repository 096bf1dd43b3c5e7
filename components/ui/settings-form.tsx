"use client";
import { createContext, startTransition, useActionState, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import type { ErrorDetail } from "@/lib/errors/app-error.ts";

export type FormAction<T> = (prev: FormState<T>, form: FormData) => Promise<FormState<T>>;

/** The refused submit's field errors, for every <Field> of the form (field.tsx). */
export const FieldErrorsContext = createContext<ErrorDetail[]>([]);

/**
 * A settings form bound to a server action. React resets a form once its action has run, which
 * would wipe what the user typed when the server refuses it; so the submit is dispatched by hand
 * (no reset), and only a successful one resets the form, to the values the page now shows.
 */
export function useSettingsForm<T>(action: FormAction<T>) {
  const [state, dispatch, pending] = useActionState<FormState<T>, FormData>(action, null);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok) ref.current?.reset();
    // A refusal takes the keyboard to what needs fixing: the first field in error, else the message.
    else if (state) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  }, [state]);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => dispatch(data));
  }
  // `action` stays for submits before hydration; once hydrated, onSubmit takes over.
  return { state, pending, formProps: { ref, action: dispatch, onSubmit } };
}

/** Shares the state's field errors with the form's fields. */
export function FieldErrorsProvider({ state, children }: { state: FormState<unknown>; children: ReactNode }) {
  return <FieldErrorsContext value={state && !state.ok ? (state.details ?? []) : []}>{children}</FieldErrorsContext>;
}

/** The outcome above the submit button: the refusal (field errors are shown next to their fields), or a success note. */
export function FormOutcome({ state, success }: { state: FormState<unknown>; success?: string }) {
  if (state?.ok) return success ? <p className="success">{success}</p> : null;
  if (!state) return null;
  const fields = state.details?.length ?? 0;
  return (
    <p role="alert" className="error" tabIndex={-1}>
      {fields
        ? `Not saved: ${fields === 1 ? "one problem, shown next to its field" : `${fields} problems, shown next to their fields`}.`
        : state.error}
    </p>
  );
}
