"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { ConfirmSubmit } from "@/components/ui/confirm-submit.tsx";

/** The company's agent-connection policy: shown to everyone, switched by admins; turning it off asks first (it revokes every agent). */
export type AgentConnectionsState = ActionResult<{ allowed: boolean; revoked: number }> | null;

export function AgentConnectionsToggle({
  allowed,
  canChange,
  setAgentConnectionsAction,
}: {
  allowed: boolean;
  canChange: boolean;
  setAgentConnectionsAction: (prev: AgentConnectionsState, form: FormData) => Promise<AgentConnectionsState>;
}) {
  const [state, action, pending] = useActionState<AgentConnectionsState, FormData>(setAgentConnectionsAction, null);
  return (
    <form action={action} className="row" aria-label="Agent connections policy">
      <p data-testid="agent-connections-status">
        Agent connections are <strong>{allowed ? "allowed" : "not allowed"}</strong> in this company.
      </p>
      {canChange && (
        <>
          <input type="hidden" name="allowed" value={allowed ? "false" : "true"} />
          <ConfirmSubmit
            question={allowed ? "Forbid agent connections? Every connected agent is revoked at once, for everyone in the company." : null}
            className={allowed ? "danger" : ""}
            pending={pending}
          >
            {allowed ? "Forbid agent connections" : "Allow agent connections"}
          </ConfirmSubmit>
        </>
      )}
      {state?.ok && state.data.revoked > 0 && <p role="status">{state.data.revoked} agent connections were revoked.</p>}
      {state && !state.ok && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
    </form>
  );
}
