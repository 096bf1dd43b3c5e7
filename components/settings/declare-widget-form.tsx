"use client";
import type { DeclaredWidget } from "@/lib/schemas/widgets.ts";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

/** Platform admins declare an app's widget; the embed URL's origin must be on the app's allowlist and not the CRM's. */
export function DeclareWidgetForm({
  apps,
  declareWidgetAction,
}: {
  apps: { id: string; name: string }[];
  declareWidgetAction: FormAction<DeclaredWidget>;
}) {
  const { state, pending, formProps } = useSettingsForm(declareWidgetAction);
  return (
    <form {...formProps} className="stack" aria-label="Declare widget" noValidate>
      <FieldErrorsProvider state={state}>
        <Field name="appId" label="App">
          <select name="appId" required defaultValue={apps[0]?.id}>
            {apps.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </Field>
        <Field name="key" label="Key" hint="Lowercase letters, digits, - or _; stable for the app.">
          <input name="key" required maxLength={64} />
        </Field>
        <Field name="title" label="Title">
          <input name="title" required maxLength={100} />
        </Field>
        <Field name="location" label="Location">
          <select name="location" defaultValue="record">
            <option value="record">Record page</option>
            <option value="dashboard">Dashboard</option>
          </select>
        </Field>
        <Field name="embedUrl" label="Embed URL" hint="https on one of the app's allowed origins (http only on loopback, for development).">
          <input name="embedUrl" type="url" required />
        </Field>
        <Field
          name="objects"
          label="Objects"
          item="Object"
          hint="Record widgets: the objects whose pages show it, separated by spaces; empty for every object."
        >
          <input name="objects" />
        </Field>
      </FieldErrorsProvider>
      <FormOutcome state={state} success={state?.ok ? `Declared widget ${state.data.key}.` : undefined} />
      <div>
        <button type="submit" disabled={pending}>
          Declare widget
        </button>
      </div>
    </form>
  );
}
