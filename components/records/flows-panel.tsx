import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import type { ApiEnrollment } from "@/lib/schemas/flows.ts";
import { ActionButton } from "@/components/ui/action-button";
import { ActionForm } from "@/components/ui/action-form";
import { utcMinute } from "@/components/utc-minute.ts";

const REASONS: Record<string, string> = {
  finished: "every step ran",
  stopped: "stopped",
  replied: "they replied",
  unsubscribed: "they unsubscribed",
  no_email_address: "no valid email address",
  record_deleted: "record trashed",
  failed: "a step failed",
};

type RecordEnrollment = ApiEnrollment & { flowName: string; steps: number };

/**
 * A contact's or lead's flows: where it is in each, why one ended, Stop; and "Enroll in flow"
 * with the object's active flows, for people who may update the record.
 */
export function FlowsPanel({
  enrollments,
  flows,
  enroll,
  stop,
}: {
  enrollments: RecordEnrollment[];
  flows: { id: string; name: string }[];
  enroll?: (prev: FormState, form: FormData) => Promise<FormState>;
  stop?: (flowId: string, enrollmentId: string) => () => Promise<FormState>;
}) {
  return (
    <section className="panel stack" aria-label="Flows">
      <h2>Flows</h2>
      {enrollments.length === 0 ? (
        <p className="hint">Not enrolled in any flow.</p>
      ) : (
        <ul className="stack" aria-label="Enrollments">
          {enrollments.map((e) => (
            <li key={e.id} className="row spread">
              <span>
                <strong>{e.flowName}</strong> ·{" "}
                {e.status === "active"
                  ? `step ${e.step} of ${e.steps}, due ${utcMinute(e.dueAt)}`
                  : `${e.status} ${utcMinute(e.ended_at)} (${REASONS[e.endReason ?? ""] ?? e.endReason})`}
              </span>
              {e.status === "active" && stop && (
                <ActionButton action={stop(e.flowId, e.id)} question={`Stop “${e.flowName}” for this record? No further step runs.`} danger>
                  Stop
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {enroll &&
        (flows.length ? (
          <ActionForm action={enroll} label="Enroll in flow" submit="Enroll" success="Enrolled.">
            <label>
              Flow
              <select name="flowId" required>
                {flows.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
          </ActionForm>
        ) : (
          <p className="hint">No active flow enrolls this object (Settings → Flows).</p>
        ))}
    </section>
  );
}
