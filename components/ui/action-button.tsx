"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { ConfirmSubmit } from "./confirm-submit.tsx";

/** One button bound to a server action, asking first when `question` is given; a refusal is shown beside it, not thrown. */
export function ActionButton({
  action,
  children,
  question,
  danger,
  label,
}: {
  action: () => Promise<FormState>;
  children: string;
  question?: string;
  danger?: boolean;
  label?: string;
}) {
  const [state, dispatch, pending] = useActionState<FormState, FormData>(() => action(), null);
  return (
    <form action={dispatch} className="inline-form">
      <ConfirmSubmit question={question} label={label} className={danger ? "danger" : "secondary"} pending={pending}>
        {children}
      </ConfirmSubmit>
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}
