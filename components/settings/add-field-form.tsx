"use client";
import { useState } from "react";
import { DEFAULT_CURRENCY_SCALE, FIELD_TYPES, MAX_CURRENCY_SCALE, ROLLUP_AGGREGATES } from "@/lib/schemas/fields.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import type { FormAction } from "@/components/ui/settings-form.tsx";
import { Field } from "@/components/ui/field.tsx";

/** Field creation with the inputs each type needs, and nothing else. Rollup inputs are named by their key in the operation's input. */
export function AddFieldForm({
  objectApiName,
  objects,
  createFieldAction,
}: {
  objectApiName: string;
  objects: { apiName: string; label: string }[];
  createFieldAction: FormAction<unknown>;
}) {
  const [type, setType] = useState<string>("text");
  return (
    <ActionForm action={createFieldAction} label="Add field" submit="Add field" success="Field added." onReset={() => setType("text")}>
      <input type="hidden" name="objectApiName" value={objectApiName} />
      <div className="grid2">
        <Field name="label" label="Label">
          <input name="label" required />
        </Field>
        <Field name="apiName" label="API name">
          <input name="apiName" required pattern="[a-z][a-z0-9_]*" />
        </Field>
        <Field name="type" label="Type">
          <select name="type" value={type} onChange={(e) => setType(e.target.value)}>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {type !== "formula" && type !== "rollup" && (
        <div className="row">
          <Field name="required" label="Required" inline>
            <input type="checkbox" name="required" />
          </Field>
          <Field name="unique" label="Unique" inline>
            <input type="checkbox" name="unique" />
          </Field>
        </div>
      )}
      {(type === "select" || type === "multiselect") && (
        <Field name="options" label="Options" item="Option" hint="One per line, as value:Label.">
          <textarea name="options" rows={4} placeholder={"new:New\nwon:Won"} />
        </Field>
      )}
      {type === "currency" && (
        <Field name="scale" label="Decimal places" hint="Fixed once the field exists; values are returned with exactly this many.">
          <select name="scale" defaultValue={DEFAULT_CURRENCY_SCALE}>
            {Array.from({ length: MAX_CURRENCY_SCALE + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      )}
      {type === "lookup" && (
        <Field name="targetObject" label="Target object">
          <select name="targetObject">
            {objects.map((o) => (
              <option key={o.apiName} value={o.apiName}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      )}
      {type === "formula" && (
        <Field name="expression" label="Expression" hint="Fields by API name; + - * / &, comparisons, IF, ROUND, CONCAT, COALESCE…">
          <input name="expression" className="mono" placeholder="ROUND(amount * probability / 100, 2)" />
        </Field>
      )}
      {type === "rollup" && (
        <div className="grid2">
          <Field name="rollup.childObject" label="Child object">
            <select name="rollup.childObject">
              {objects.map((o) => (
                <option key={o.apiName} value={o.apiName}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field name="rollup.childField" label="Child lookup field">
            <input name="rollup.childField" placeholder="company" />
          </Field>
          <Field name="rollup.aggregate" label="Aggregate">
            <select name="rollup.aggregate">
              {ROLLUP_AGGREGATES.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </Field>
          <Field name="rollup.valueField" label="Value field">
            <input name="rollup.valueField" placeholder="amount" />
          </Field>
        </div>
      )}
    </ActionForm>
  );
}
