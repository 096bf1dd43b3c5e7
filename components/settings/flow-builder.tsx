"use client";
import { useState } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import type { FlowStep } from "@/lib/schemas/flows.ts";
import { Field } from "@/components/ui/field.tsx";
import { FieldErrorsProvider, FormOutcome, useSettingsForm } from "@/components/ui/settings-form.tsx";

type Draft =
  | { type: "email"; subject: string; body: string }
  | { type: "wait"; minutes: number }
  | { type: "task"; subject: string; body?: string; dueInDays: number };

const NEW_STEP: Record<FlowStep["type"], Draft> = {
  email: { type: "email", subject: "", body: "" },
  wait: { type: "wait", minutes: 1440 },
  task: { type: "task", subject: "", dueInDays: 0 },
};

const STEP_NAMES: Record<FlowStep["type"], string> = { email: "Send email", wait: "Wait", task: "Create task" };

/**
 * A flow's name and ordered steps (send email, wait, create task), edited in the browser and
 * posted as one JSON field (`steps`). The server validates them as the API would; a refusal keeps
 * the steps as typed.
 */
export function FlowBuilder({
  action,
  label,
  submit,
  initial,
  objectChoice,
  locked,
}: {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  label: string;
  submit: string;
  initial?: { name: string; steps: FlowStep[] };
  /** Offered when creating: the object the flow enrolls. */
  objectChoice?: boolean;
  /** Why the steps cannot change now (an active flow). */
  locked?: string;
}) {
  const { state, pending, formProps } = useSettingsForm(action);
  const [steps, setSteps] = useState<Draft[]>(initial?.steps ?? [NEW_STEP.email]);
  const change = (i: number, patch: Partial<Draft>) => setSteps((all) => all.map((s, j) => (j === i ? ({ ...s, ...patch } as Draft) : s)));
  const move = (i: number, by: number) =>
    setSteps((all) => {
      const next = [...all];
      const [step] = next.splice(i, 1);
      next.splice(i + by, 0, step!);
      return next;
    });
  const stepErrors = state && !state.ok ? (state.details ?? []).filter((d) => d.path.startsWith("steps")) : [];
  return (
    <form {...formProps} className="stack" aria-label={label}>
      <FieldErrorsProvider state={state}>
        <Field name="name" label="Name">
          <input name="name" required maxLength={120} defaultValue={initial?.name} />
        </Field>
        {objectChoice && (
          <Field name="objectApiName" label="Enrolls">
            <select name="objectApiName" defaultValue="contact">
              <option value="contact">Contacts</option>
              <option value="lead">Leads</option>
            </select>
          </Field>
        )}
      </FieldErrorsProvider>
      <fieldset className="stack" disabled={Boolean(locked)}>
        <legend>Steps</legend>
        {/* Inside the fieldset: locked steps are not posted, so only the name changes. */}
        <input type="hidden" name="steps" value={JSON.stringify(steps)} />
        {locked && <p className="hint">{locked}</p>}
        <ol className="stack flow-steps">
          {steps.map((step, i) => (
            <li key={i} className="panel stack" aria-label={`Step ${i + 1}: ${STEP_NAMES[step.type]}`}>
              <div className="row spread">
                <strong>
                  {i + 1}. {STEP_NAMES[step.type]}
                </strong>
                <span className="row">
                  <button
                    type="button"
                    className="secondary"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`Move step ${i + 1} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`Move step ${i + 1} down`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={steps.length === 1}
                    onClick={() => setSteps((all) => all.filter((_, j) => j !== i))}
                  >
                    Remove step {i + 1}
                  </button>
                </span>
              </div>
              {step.type === "wait" ? (
                <label>
                  Wait (minutes)
                  <input
                    type="number"
                    min={1}
                    max={525600}
                    required
                    value={step.minutes}
                    onChange={(e) => change(i, { minutes: Number(e.target.value) })}
                  />
                </label>
              ) : (
                <>
                  <label>
                    {step.type === "email" ? "Subject" : "Task"}
                    <input
                      required
                      maxLength={255}
                      value={step.subject}
                      onChange={(e) => change(i, { subject: e.target.value })}
                      placeholder={step.type === "email" ? "Hello {{first_name}}" : "Call {{first_name}}"}
                    />
                  </label>
                  {step.type === "email" ? (
                    <label>
                      Body (HTML or text; merge fields such as {"{{first_name}}"}; an unsubscribe footer is added)
                      <textarea
                        required
                        rows={5}
                        maxLength={20000}
                        value={step.body}
                        onChange={(e) => change(i, { body: e.target.value })}
                      />
                    </label>
                  ) : (
                    <label>
                      Due after (days)
                      <input
                        type="number"
                        min={0}
                        max={365}
                        required
                        value={step.dueInDays}
                        onChange={(e) => change(i, { dueInDays: Number(e.target.value) })}
                      />
                    </label>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
        <div className="row" role="group" aria-label="Add a step">
          {(["email", "wait", "task"] as const).map((type) => (
            <button
              key={type}
              type="button"
              className="secondary"
              disabled={steps.length >= 20}
              onClick={() => setSteps((all) => [...all, NEW_STEP[type]])}
            >
              + {STEP_NAMES[type]}
            </button>
          ))}
        </div>
      </fieldset>
      {stepErrors.map((d) => (
        <p key={d.path + d.message} role="alert" className="error">
          Step {Number(d.path.split(".")[1] ?? 0) + 1}: {d.message}
        </p>
      ))}
      <FormOutcome state={state} success="Saved." />
      <div>
        <button type="submit" disabled={pending}>
          {pending ? "Saving…" : submit}
        </button>
      </div>
    </form>
  );
}
