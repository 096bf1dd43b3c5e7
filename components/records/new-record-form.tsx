"use client";
import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import { RecordForm, type LookupChoice, type LookupSearch } from "./record-form.tsx";

interface Props {
  label: string;
  fields: FieldDescription[];
  lookups: Record<string, LookupChoice[]>;
  searchLookup?: LookupSearch;
  action: (prev: FormState, form: FormData) => Promise<FormState<{ href: string }>>;
}

/** Create, then open the new record's page as a document load (its frame policy comes with it). */
export function NewRecordForm({ label, fields, lookups, searchLookup, action }: Props) {
  const open = (data: unknown) => window.location.assign((data as { href: string }).href);
  return (
    <RecordForm
      label={label}
      fields={fields}
      lookups={lookups}
      searchLookup={searchLookup}
      action={action}
      submit="Create"
      onSaved={open}
    />
  );
}
