"use client";
import { useContext, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { fieldTitle } from "@/lib/adapters/actions/form-details.ts";
import { FieldErrorsContext } from "./settings-form.tsx";
import styles from "./settings-form.module.css";

/** The errors of the input named `name` (and of its items and keys), worded with its label. */
export function useFieldMessages(name: string, label: string, item?: string): string[] {
  const details = useContext(FieldErrorsContext);
  return details
    .filter((d) => d.path === name || d.path.startsWith(`${name}.`))
    .map((d) => `${fieldTitle(d.path, name, label, item)}: ${d.message}`);
}

export function FieldMessages({ id, messages }: { id?: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <span id={id} className={styles.fieldError}>
      {messages.map((m) => (
        <span key={m}>{m}</span>
      ))}
    </span>
  );
}

/** The control a Field labels: its first input that is not hidden, select, textarea or combobox. */
const CONTROL = 'input:not([type="hidden"]), select, textarea, [role="combobox"]';

interface FieldProps {
  /** The input's name, as the server action reads it and as error paths start. */
  name: string;
  label: string;
  /** What one entry of a list is called in messages ("Option" → "Option 3 value"). */
  item?: string;
  hint?: ReactNode;
  /** Checkboxes: the box before its label, on one line. */
  inline?: boolean;
  /** The one input, select or textarea (or a component rendering one). */
  children: ReactNode;
}

/**
 * A labelled input with its hint and, after a refused submit, its errors right below it, tied to
 * the input (`aria-invalid`, `aria-describedby`). The attributes are set on the rendered control
 * rather than by cloning the child: a page's server component may send the child as a lazy
 * reference (React Flight outlines parts of large payloads), which cannot be cloned.
 */
export function Field({ name, label, item, hint, inline, children }: FieldProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const messages = useFieldMessages(name, label, item);
  const describedBy = [hint && `${id}-hint`, messages.length && `${id}-error`].filter(Boolean).join(" ");
  useLayoutEffect(() => {
    const control = box.current?.querySelector<HTMLElement>(CONTROL);
    if (!control) return;
    if (messages.length) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    if (describedBy) control.setAttribute("aria-describedby", describedBy);
    else control.removeAttribute("aria-describedby");
  }, [messages.length, describedBy]);
  return (
    <div className={styles.field} ref={box}>
      {inline ? (
        <label className="inline">
          {children} {label}
        </label>
      ) : (
        <label>
          {label}
          {children}
        </label>
      )}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}
