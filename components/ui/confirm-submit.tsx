"use client";
import type { MouseEvent } from "react";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A submit button that asks `question` first, when there is one (deleting, rotating a secret cannot
 * be undone), and sends nothing when declined. Before hydration it would post its form without
 * asking (or, bound to a client action, do nothing): it waits, disabled, until it can ask.
 */
export function ConfirmSubmit({
  question,
  label,
  children,
  className = "danger",
  pending = false,
}: {
  question?: string | null;
  label?: string;
  children: string;
  className?: string;
  /** The form's action is under way. */
  pending?: boolean;
}) {
  const hydrated = useHydrated();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (question && !window.confirm(question)) event.preventDefault();
  };
  return (
    <button type="submit" className={className} aria-label={label} disabled={pending || !hydrated} onClick={onClick}>
      {children}
    </button>
  );
}
