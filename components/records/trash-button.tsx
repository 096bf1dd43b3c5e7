"use client";
import { useActionState, type MouseEvent } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";

/** "Move to trash" after a confirmation; a refusal (another user's change, a lost permission) is shown, not thrown. */
export function TrashButton({ action, title }: { action: () => Promise<FormState>; title: string }) {
  const [state, dispatch, pending] = useActionState<FormState, FormData>(() => action(), null);
  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(`Move “${title}” to the trash? It can be restored from the trash.`)) event.preventDefault();
  };
  return (
    <form action={dispatch} className="inline-form">
      <button type="submit" className="danger" onClick={confirm} disabled={pending}>
        Move to trash
      </button>
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}
