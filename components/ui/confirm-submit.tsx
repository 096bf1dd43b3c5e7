"use client";
import type { MouseEvent } from "react";

/** A submit button that asks first (deleting cannot be undone). */
export function ConfirmSubmit({ question, label, children }: { question: string; label?: string; children: string }) {
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!window.confirm(question)) event.preventDefault();
  };
  return (
    <button type="submit" className="danger" aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
