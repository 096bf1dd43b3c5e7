"use client";
import { useActionState, useState } from "react";
import { createKeyAction, type CreateKeyState } from "@/app/(settings)/settings/api-keys/actions.ts";

export function CreateApiKeyForm({ objects }: { objects: { apiName: string; label: string }[] }) {
  const [state, action, pending] = useActionState<CreateKeyState, FormData>(createKeyAction, null);
  const [limit, setLimit] = useState(false);
  return (
    <div className="stack">
      {state?.ok && (
        <div className="secret stack" role="status" aria-label="New API key">
          <strong>Copy the key for “{state.data.name}” now: it will not be shown again.</strong>
          <code data-testid="new-api-key">{state.data.secret}</code>
          <button type="button" className="secondary" onClick={() => navigator.clipboard?.writeText(state.data.secret)}>
            Copy
          </button>
        </div>
      )}
      <form action={action} className="stack" aria-label="Generate API key">
        <label>
          Name
          <input name="name" required maxLength={80} placeholder="e.g. Warehouse sync" />
        </label>
        <div className="row">
          <label className="inline">
            <input type="checkbox" name="readOnly" /> Read only
          </label>
          <label className="inline">
            <input type="checkbox" name="allowDelete" /> Allow deletion
          </label>
          <label className="inline">
            <input type="checkbox" name="limitObjects" checked={limit} onChange={(e) => setLimit(e.target.checked)} /> Limit to objects
          </label>
        </div>
        {limit && (
          <fieldset className="row">
            <legend className="hint">Objects this key may access</legend>
            {objects.map((o) => (
              <label key={o.apiName} className="inline">
                <input type="checkbox" name="allowedObjects" value={o.apiName} /> {o.label}
              </label>
            ))}
          </fieldset>
        )}
        <label>
          Requests per minute
          <input name="rateLimit" type="number" min={1} max={10000} defaultValue={120} />
        </label>
        {state && !state.ok && (
          <p role="alert" className="error">
            {state.error}
          </p>
        )}
        <div>
          <button type="submit" disabled={pending}>
            {pending ? "Generating…" : "Generate key"}
          </button>
        </div>
      </form>
    </div>
  );
}
