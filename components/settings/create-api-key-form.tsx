"use client";
import { useId, useState } from "react";
import { Field, FieldMessages, useFieldMessages } from "@/components/ui/field.tsx";
import { OneTimeSecret } from "@/components/ui/one-time-secret.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

export function CreateApiKeyForm({
  objects,
  createKeyAction,
}: {
  objects: { apiName: string; label: string }[];
  createKeyAction: FormAction<{ secret: string; name: string }>;
}) {
  const { state, pending, formProps } = useSettingsForm(createKeyAction);
  const [limit, setLimit] = useState(false);
  return (
    <div className="stack">
      {state?.ok && (
        <OneTimeSecret
          label="New API key"
          heading={`Copy the key for “${state.data.name}” now: it will not be shown again.`}
          value={state.data.secret}
          testId="new-api-key"
        />
      )}
      <form {...formProps} onReset={() => setLimit(false)} className="stack" aria-label="Generate API key">
        <FieldErrorsProvider state={state}>
          <Field name="name" label="Name">
            <input name="name" required maxLength={80} placeholder="e.g. Warehouse sync" />
          </Field>
          <div className="row">
            <Field name="readOnly" label="Read only" inline>
              <input type="checkbox" name="readOnly" />
            </Field>
            <Field name="allowDelete" label="Allow deletion" inline>
              <input type="checkbox" name="allowDelete" />
            </Field>
            <Field name="limitObjects" label="Limit to objects" inline>
              <input type="checkbox" name="limitObjects" checked={limit} onChange={(e) => setLimit(e.target.checked)} />
            </Field>
          </div>
          {limit && <AllowedObjects objects={objects} />}
          <Field name="rateLimit" label="Requests per minute">
            <input name="rateLimit" type="number" min={1} max={10000} defaultValue={120} />
          </Field>
        </FieldErrorsProvider>
        <FormOutcome state={state} />
        <div>
          <button type="submit" disabled={pending}>
            {pending ? "Generating…" : "Generate key"}
          </button>
        </div>
      </form>
    </div>
  );
}

/** One checkbox per object, all named allowedObjects; their errors under the group. */
function AllowedObjects({ objects }: { objects: { apiName: string; label: string }[] }) {
  const messages = useFieldMessages("allowedObjects", "Objects", "Object");
  const errorId = useId();
  return (
    <fieldset className="row" aria-describedby={messages.length ? errorId : undefined}>
      <legend className="hint">Objects this key may access</legend>
      {objects.map((o) => (
        <label key={o.apiName} className="inline">
          <input type="checkbox" name="allowedObjects" value={o.apiName} /> {o.label}
        </label>
      ))}
      <FieldMessages id={errorId} messages={messages} />
    </fieldset>
  );
}
