"use client";
import { useState } from "react";
import { createFieldAction } from "@/app/(settings)/settings/objects/actions.ts";
import { FIELD_TYPES, ROLLUP_AGGREGATES } from "@/lib/schemas/fields.ts";
import { ActionForm } from "./action-form.tsx";

/** Field creation with the inputs each type needs, and nothing else. */
export function AddFieldForm({ objectApiName, objects }: { objectApiName: string; objects: { apiName: string; label: string }[] }) {
  const [type, setType] = useState<string>("text");
  return (
    <ActionForm action={createFieldAction} label="Add field" submit="Add field" success="Field added.">
      <input type="hidden" name="objectApiName" value={objectApiName} />
      <div className="grid2">
        <label>
          Label
          <input name="label" required />
        </label>
        <label>
          API name
          <input name="apiName" required pattern="[a-z][a-z0-9_]*" />
        </label>
        <label>
          Type
          <select name="type" value={type} onChange={(e) => setType(e.target.value)}>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      {type !== "formula" && type !== "rollup" && (
        <div className="row">
          <label className="inline">
            <input type="checkbox" name="required" /> Required
          </label>
          <label className="inline">
            <input type="checkbox" name="unique" /> Unique
          </label>
        </div>
      )}
      {(type === "select" || type === "multiselect") && (
        <label>
          Options
          <textarea name="options" rows={4} placeholder={"new:New\nwon:Won"} />
          <span className="hint">One per line, as value:Label.</span>
        </label>
      )}
      {type === "lookup" && (
        <label>
          Target object
          <select name="targetObject">
            {objects.map((o) => (
              <option key={o.apiName} value={o.apiName}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {type === "formula" && (
        <label>
          Expression
          <input name="expression" className="mono" placeholder="ROUND(amount * probability / 100, 2)" />
          <span className="hint">Fields by API name; + - * / &amp;, comparisons, IF, ROUND, CONCAT, COALESCE…</span>
        </label>
      )}
      {type === "rollup" && (
        <div className="grid2">
          <label>
            Child object
            <select name="childObject">
              {objects.map((o) => (
                <option key={o.apiName} value={o.apiName}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Child lookup field
            <input name="childField" placeholder="company" />
          </label>
          <label>
            Aggregate
            <select name="aggregate">
              {ROLLUP_AGGREGATES.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <label>
            Value field
            <input name="valueField" placeholder="amount" />
          </label>
        </div>
      )}
    </ActionForm>
  );
}
