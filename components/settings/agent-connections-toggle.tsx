"use client";
import { useActionState, type MouseEvent } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { useHydrated } from "@/components/ui/use-hydrated.ts";

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
  const hydrated = useHydrated();
  const confirmOff = (event: MouseEvent<HTMLButtonElement>) => {
    if (allowed && !window.confirm("Forbid agent connections? Every connected agent is revoked at once, for everyone in the company."))
      event.preventDefault();
  };
  return (
    <form action={action} className="row" aria-label="Agent connections policy">
      <p data-testid="agent-connections-status">
        Agent connections are <strong>{allowed ? "allowed" : "not allowed"}</strong> in this company.
      </p>
      {canChange && (
        <>
          <input type="hidden" name="allowed" value={allowed ? "false" : "true"} />
          <button type="submit" className={allowed ? "danger" : undefined} disabled={pending || !hydrated} onClick={confirmOff}>
            {allowed ? "Forbid agent connections" : "Allow agent connections"}
          </button>
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
