"use client";
import type { ApiActivity } from "@/lib/schemas/activities.ts";
import { ACTIVITY_TYPES } from "@/lib/schemas/activities.ts";
import { Field } from "@/components/ui/field";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form";
import { utcMinute } from "@/components/utc-minute.ts";

interface Props {
  activities: ApiActivity[];
  total: number;
  /** Absent for people who may not create activities. */
  create?: FormAction<unknown>;
  /** Absent for people who may not change activities. */
  complete?: (form: FormData) => Promise<void>;
}

function LogActivityForm({ action }: { action: FormAction<unknown> }) {
  const { state, pending, formProps } = useSettingsForm(action);
  return (
    <form {...formProps} className="stack" aria-label="Log activity" noValidate>
      <FieldErrorsProvider state={state}>
        <div className="row">
          <Field name="type" label="Type">
            <select name="type" defaultValue="task">
              {ACTIVITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          <Field name="subject" label="Subject">
            <input name="subject" required maxLength={255} />
          </Field>
          <Field name="due_at" label="Due" hint="UTC">
            <input name="due_at" type="datetime-local" />
          </Field>
        </div>
        <Field name="body" label="Notes">
          <textarea name="body" rows={2} />
        </Field>
      </FieldErrorsProvider>
      <FormOutcome state={state} />
      <div>
        <button type="submit" disabled={pending}>
          Log activity
        </button>
      </div>
    </form>
  );
}

/** The record's activities, newest first: log a new one, complete or reopen a task. */
export function ActivityTimeline({ activities, total, create, complete }: Props) {
  return (
    <section className="panel" aria-label="Activity timeline">
      <h2>Activities ({total})</h2>
      {create && <LogActivityForm action={create} />}
      {activities.length === 0 ? (
        <p className="hint">No activity yet.</p>
      ) : (
        <ol className="timeline" aria-label="Activities">
          {activities.map((a) => (
            <li key={a.id} className={a.completed_at ? "done" : undefined}>
              <div className="row spread">
                <span>
                  <span className="badge">{a.type}</span> <strong>{a.subject}</strong>
                  {a.due_at && <span className="hint"> · due {utcMinute(a.due_at)}</span>}
                  {a.completed_at && <span className="hint"> · completed {utcMinute(a.completed_at)}</span>}
                </span>
                {complete && (
                  <form action={complete} className="inline-form">
                    <input type="hidden" name="activityId" value={a.id} />
                    <input type="hidden" name="completed" value={a.completed_at ? "false" : "true"} />
                    <button type="submit" className="secondary" aria-label={`${a.completed_at ? "Reopen" : "Complete"} ${a.subject}`}>
                      {a.completed_at ? "Reopen" : "Complete"}
                    </button>
                  </form>
                )}
              </div>
              {a.body && <p className="activity-body">{a.body}</p>}
              <span className="hint">logged {utcMinute(a.created_at)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
