"use client";
import { useActionState, type ReactNode } from "react";
import type { FormState } from "@/app/(settings)/settings/objects/actions.ts";

/** A form bound to a server action that shows the action's error (or a success note) inline. */
export function ActionForm({
  action,
  children,
  label,
  submit,
  danger,
  success,
}: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  children: ReactNode;
  label: string;
  submit: string;
  danger?: boolean;
  success?: string;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, null);
  return (
    <form action={formAction} className="stack" aria-label={label}>
      {children}
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      {state?.ok && success && <p className="success">{success}</p>}
      <div>
        <button type="submit" className={danger ? "danger" : undefined} disabled={pending}>
          {submit}
        </button>
      </div>
    </form>
  );
}
