"use client";
import { useActionState, type MouseEvent } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { useHydrated } from "./use-hydrated.ts";

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
  const hydrated = useHydrated();
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    if (question && !window.confirm(question)) event.preventDefault();
  };
  return (
    <form action={dispatch} className="inline-form">
      <button
        type="submit"
        className={danger ? "danger" : "secondary"}
        onClick={confirm}
        disabled={pending || !hydrated}
        aria-label={label}
      >
        {children}
      </button>
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}
