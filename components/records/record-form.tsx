"use client";
import { useEffect, type ReactNode } from "react";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import { ownValue } from "@/lib/schemas/names.ts";
import { Field } from "@/components/ui/field";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form";
import { LookupPicker, type LookupChoice, type LookupSearch } from "./lookup-picker.tsx";

export type { LookupChoice, LookupSearch } from "./lookup-picker.tsx";

interface RecordFormProps {
  label: string;
  fields: FieldDescription[];
  /** The record's values (edit) or nothing (create). */
  values?: Record<string, unknown>;
  /** First choices for lookup fields, by field apiName (the current record first). */
  lookups: Record<string, LookupChoice[]>;
  /** Searches a lookup's target by name as the user types. */
  searchLookup?: LookupSearch;
  action: FormAction<unknown>;
  submit: string;
  /** After a successful submit (the page shows the saved values once revalidated). */
  onSaved?: (data: unknown) => void;
  children?: ReactNode;
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

/** The input of one field, prefilled with its value; names are `values.<apiName>` as the actions read them. */
function Control({
  field,
  value,
  lookups,
  searchLookup,
}: {
  field: FieldDescription;
  value: unknown;
  lookups: LookupChoice[];
  searchLookup?: LookupSearch;
}) {
  const name = `values.${field.apiName}`;
  const common = { name, required: field.required && field.type !== "boolean" };
  switch (field.type) {
    case "textarea":
      return <textarea {...common} defaultValue={str(value)} rows={4} />;
    case "boolean":
      return <input type="checkbox" name={name} defaultChecked={value === true} />;
    case "select":
      return (
        <select {...common} defaultValue={str(value)}>
          <option value="">—</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "multiselect":
      return (
        <select name={name} multiple defaultValue={Array.isArray(value) ? value.map(String) : []}>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "lookup":
      return (
        <LookupPicker
          {...common}
          targetObject={field.targetObject ?? field.apiName}
          value={str(value)}
          choices={lookups}
          search={searchLookup}
        />
      );
    case "date":
      return <input {...common} type="date" defaultValue={str(value).slice(0, 10)} />;
    case "datetime":
      return <input {...common} type="datetime-local" defaultValue={str(value).slice(0, 16)} />;
    case "number":
    case "percent":
    case "currency":
      return <input {...common} inputMode="decimal" defaultValue={str(value)} />;
    case "email":
      return <input {...common} type="email" defaultValue={str(value)} />;
    case "phone":
      return <input {...common} type="tel" defaultValue={str(value)} />;
    case "url":
      return <input {...common} type="url" defaultValue={str(value)} />;
    default:
      return <input {...common} defaultValue={str(value)} />;
  }
}

/**
 * A record's fields as a form (create, or inline edit): a refused submit shows each field's error
 * next to it and keeps everything typed (useSettingsForm resets only after a success).
 */
export function RecordForm({ label, fields, values = {}, lookups, searchLookup, action, submit, onSaved, children }: RecordFormProps) {
  const { state, pending, formProps } = useSettingsForm(action);
  useEffect(() => {
    if (state?.ok) onSaved?.(state.data);
  }, [state, onSaved]);
  return (
    <form {...formProps} className="stack record-form" aria-label={label} noValidate>
      <FieldErrorsProvider state={state}>
        {fields.map((f) => (
          <Field
            key={f.apiName}
            name={f.apiName}
            label={f.label}
            inline={f.type === "boolean"}
            hint={f.type === "datetime" ? "UTC" : undefined}
          >
            <Control
              field={f}
              value={ownValue(values, f.apiName)}
              lookups={ownValue(lookups, f.apiName) ?? []}
              searchLookup={searchLookup}
            />
          </Field>
        ))}
      </FieldErrorsProvider>
      <FormOutcome state={state} />
      <div className="row">
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {submit}
        </button>
        {pending && (
          <span role="status" className="hint">
            Saving…
          </span>
        )}
        {children}
      </div>
    </form>
  );
}
