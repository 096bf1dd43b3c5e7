"use client";
import { cloneElement, useContext, useId, type ReactElement, type ReactNode } from "react";
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

interface ControlProps {
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

interface FieldProps {
  /** The input's name, as the server action reads it and as error paths start. */
  name: string;
  label: string;
  /** What one entry of a list is called in messages ("Option" → "Option 3 value"). */
  item?: string;
  hint?: ReactNode;
  /** Checkboxes: the box before its label, on one line. */
  inline?: boolean;
  /** The one input, select or textarea. */
  children: ReactElement<ControlProps>;
}

/** A labelled input with its hint and, after a refused submit, its errors right below it. */
export function Field({ name, label, item, hint, inline, children }: FieldProps) {
  const id = useId();
  const messages = useFieldMessages(name, label, item);
  const describedBy = [hint && `${id}-hint`, messages.length && `${id}-error`].filter(Boolean).join(" ");
  const control = cloneElement(children, {
    "aria-invalid": messages.length > 0 || undefined,
    "aria-describedby": describedBy || undefined,
  });
  return (
    <div className={styles.field}>
      {inline ? (
        <label className="inline">
          {control} {label}
        </label>
      ) : (
        <label>
          {label}
          {control}
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
