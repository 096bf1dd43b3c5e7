"use client";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

/** Platform admins register an OAuth app; it stays unpublished until published below. */
export function RegisterAppForm({
  scopes,
  registerAppAction,
}: {
  scopes: readonly string[];
  registerAppAction: FormAction<{ id: string; clientId: string }>;
}) {
  const { state, pending, formProps } = useSettingsForm(registerAppAction);
  return (
    <form {...formProps} className="stack" aria-label="Register app">
      <FieldErrorsProvider state={state}>
        <Field name="name" label="Name">
          <input name="name" required maxLength={100} />
        </Field>
        <Field name="description" label="Description">
          <input name="description" maxLength={1000} />
        </Field>
        <Field name="logoUrl" label="Logo URL (https)">
          <input name="logoUrl" type="url" />
        </Field>
        <Field name="redirectUris" label="Redirect URIs" item="Redirect URI" hint="One per line, matched exactly.">
          <textarea name="redirectUris" required rows={2} placeholder="https://app.example.com/oauth/callback" />
        </Field>
        <Field
          name="initiateLoginUri"
          label="Install URL"
          hint="Where the marketplace's Install sends people (with ?iss=): the app starts its authorization request from there."
        >
          <input name="initiateLoginUri" type="url" placeholder="https://app.example.com/install" />
        </Field>
        <Field name="allowedOrigins" label="Allowed origins for widgets" item="Allowed origin" hint="One per line.">
          <textarea name="allowedOrigins" rows={1} placeholder="https://app.example.com" />
        </Field>
        <Field name="scopes" label="Scopes the app may request" item="Scope" hint="Separated by spaces or lines.">
          <textarea name="scopes" required rows={2} defaultValue={scopes.join(" ")} />
        </Field>
      </FieldErrorsProvider>
      <FormOutcome
        state={state}
        success={state?.ok ? `Registered with client_id ${state.data.clientId}. Publish it to get its secret.` : undefined}
      />
      <div>
        <button type="submit" disabled={pending}>
          Register app
        </button>
      </div>
    </form>
  );
}
