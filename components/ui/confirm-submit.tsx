"use client";
import type { MouseEvent } from "react";
import { useHydrated } from "./use-hydrated.ts";

/** A submit button that asks first (deleting cannot be undone). */
export function ConfirmSubmit({ question, label, children }: { question: string; label?: string; children: string }) {
  // Before hydration the button would post its form without asking: it waits, disabled, until it can ask.
  const hydrated = useHydrated();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(question)) event.preventDefault();
  };
  return (
    <button type="submit" className="danger" aria-label={label} disabled={!hydrated} onClick={onClick}>
      {children}
    </button>
  );
}
