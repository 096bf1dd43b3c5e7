"use client";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { RecordForm, type LookupChoice } from "./record-form.tsx";

interface Props {
  label: string;
  fields: FieldDescription[];
  lookups: Record<string, LookupChoice[]>;
  action: (prev: FormState, form: FormData) => Promise<FormState<{ href: string }>>;
}

/** Create, then open the new record's page as a document load (its frame policy comes with it). */
export function NewRecordForm({ label, fields, lookups, action }: Props) {
  const open = (data: unknown) => window.location.assign((data as { href: string }).href);
  return <RecordForm label={label} fields={fields} lookups={lookups} action={action} submit="Create" onSaved={open} />;
}
