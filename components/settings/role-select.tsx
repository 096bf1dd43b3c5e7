"use client";
import { useActionState, useState } from "react";
import type { FormState } from "@/lib/adapters/actions/session-operation.ts";

const ROLES = [
  ["admin", "Admin"],
  ["member", "Member"],
  ["read_only", "Read only"],
] as const;

/**
 * A user's role with Save; a refusal (the last admin) is shown beside it and the choice kept.
 * Controlled: React resets a form's uncontrolled fields after its action, which would show the old
 * role until the refreshed page arrived. The page keys it by the saved role, so a change made
 * elsewhere shows on the next render.
 */
export function RoleSelect({
  id,
  email,
  role,
  disabled,
  changeRoleAction,
}: {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  changeRoleAction: (id: string, prev: FormState, form: FormData) => Promise<FormState>;
}) {
  const [state, dispatch, pending] = useActionState<FormState, FormData>(changeRoleAction.bind(null, id), null);
  const [chosen, choose] = useState(role);
  return (
    <form action={dispatch} className="inline-form" aria-label={`Role of ${email}`}>
      <select name="role" value={chosen} onChange={(e) => choose(e.target.value)} disabled={disabled} aria-label={`Role of ${email}`}>
        {ROLES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {!disabled && (
        <button type="submit" className="secondary" disabled={pending}>
          Save
        </button>
      )}
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}
