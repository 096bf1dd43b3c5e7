import type { FormState } from "@/lib/adapters/actions/session-operation.ts";
import type { ApiApproval } from "@/lib/schemas/approvals.ts";
import { ActionButton } from "@/components/ui/action-button";
import { utcMinute } from "@/components/utc-minute.ts";

/**
 * A record's approvals: the pending request (what it locks, who decides) or the latest decisions,
 * and "Submit for approval" when its object has a process, none is pending and the user may update it.
 */
export function ApprovalsPanel({
  processName,
  requests,
  submit,
}: {
  processName: string | null;
  requests: ApiApproval[];
  submit?: () => Promise<FormState>;
}) {
  const pending = requests.find((r) => r.status === "pending");
  return (
    <section className="panel stack" aria-label="Approvals">
      <h2>Approval</h2>
      {pending ? (
        <p role="status" data-testid="approval-status">
          Pending approval ({pending.processName ?? processName}) since {utcMinute(pending.created_at)}:{" "}
          {pending.lockedFields ? `${pending.lockedFields.join(", ")} cannot change` : "the record cannot change"} until an approver
          decides.
        </p>
      ) : (
        requests[0] && (
          <p data-testid="approval-status">
            Last request {requests[0].status} {utcMinute(requests[0].decided_at)}
            {requests[0].comment ? `: “${requests[0].comment}”` : ""}
          </p>
        )
      )}
      {!pending && requests.length === 0 && <p className="hint">No approval requested.</p>}
      {!pending && submit && processName && <ActionButton action={submit}>Submit for approval</ActionButton>}
    </section>
  );
}
