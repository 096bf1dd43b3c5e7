"use client";
import { useState } from "react";
import { FieldErrorsProvider, FormOutcome, useSettingsForm, type FormAction } from "@/components/ui/settings-form.tsx";

export const ROLE_ACTIONS = ["read", "create", "update", "delete"] as const;
type Action = (typeof ROLE_ACTIONS)[number];
type Grant = Record<Action, boolean>;
export interface RoleRow {
  id: string;
  name: string;
  grants: Record<string, Grant>;
}

const NONE: Grant = { read: false, create: false, update: false, delete: false };
const key = (roleId: string, object: string) => `${roleId}|${object}`;

/** "Member on product: read off, update on" for every row that differs from what was loaded. */
function changesOf(roles: RoleRow[], objects: string[], current: Record<string, Grant>): { row: string; text: string }[] {
  const out: { row: string; text: string }[] = [];
  for (const role of roles)
    for (const object of objects) {
      const was = role.grants[object] ?? NONE;
      const now = current[key(role.id, object)] ?? was;
      const moved = ROLE_ACTIONS.filter((a) => was[a] !== now[a]).map((a) => `${a} ${now[a] ? "on" : "off"}`);
      if (moved.length) out.push({ row: key(role.id, object), text: `${role.name} on ${object}: ${moved.join(", ")}` });
    }
  return out;
}

/**
 * The whole role matrix as one form: ticking boxes lists the changes under the table, and one Save
 * sends the changed rows only (so rows another admin changed meanwhile are left as they are).
 */
export function RoleMatrixForm({ roles, objects, action }: { roles: RoleRow[]; objects: string[]; action: FormAction<{ saved: number }> }) {
  const { state, pending, formProps } = useSettingsForm(action);
  const [current, setCurrent] = useState<Record<string, Grant>>({});
  // After a save the page brings the new matrix: what was ticked then equals what is loaded, so no change is listed.
  const changes = changesOf(roles, objects, current);
  const toggle = (roleId: string, object: string, action: Action, on: boolean) =>
    setCurrent((c) => {
      const was = c[key(roleId, object)] ?? roles.find((r) => r.id === roleId)?.grants[object] ?? NONE;
      return { ...c, [key(roleId, object)]: { ...was, [action]: on } };
    });
  return (
    <form {...formProps} onReset={() => setCurrent({})} className="stack" aria-label="Role permissions">
      <FieldErrorsProvider state={state}>
        {roles.map((role) => (
          <section className="panel" key={role.id} aria-label={`Role ${role.name}`}>
            <h2>{role.name}</h2>
            <table>
              <thead>
                <tr>
                  <th>Object</th>
                  {ROLE_ACTIONS.map((a) => (
                    <th key={a}>{a}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {objects.map((object) => {
                  const grant = current[key(role.id, object)] ?? role.grants[object] ?? NONE;
                  return (
                    <tr key={object} aria-label={`${role.name} on ${object}`}>
                      <td className="mono">{object}</td>
                      {ROLE_ACTIONS.map((a) => (
                        <td key={a}>
                          <input
                            type="checkbox"
                            name={`${key(role.id, object)}|${a}`}
                            aria-label={`${role.name} may ${a} ${object}`}
                            checked={grant[a]}
                            onChange={(e) => toggle(role.id, object, a, e.currentTarget.checked)}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ))}
      </FieldErrorsProvider>
      {changes.map((c) => (
        <input key={c.row} type="hidden" name="row" value={c.row} />
      ))}
      <div className="panel sticky-actions" aria-live="polite">
        {changes.length ? (
          <>
            <p>
              {changes.length} unsaved change{changes.length === 1 ? "" : "s"}:
            </p>
            <ul aria-label="Unsaved changes">
              {changes.map((c) => (
                <li key={c.row}>{c.text}</li>
              ))}
            </ul>
          </>
        ) : (
          !state?.ok && <p className="hint">No unsaved changes.</p>
        )}
        <FormOutcome
          state={state}
          success={state?.ok ? `Saved ${state.data.saved} change${state.data.saved === 1 ? "" : "s"}.` : undefined}
        />
        <div className="row">
          <button type="submit" disabled={pending || changes.length === 0}>
            Save
          </button>
          <button type="reset" disabled={pending || changes.length === 0}>
            Discard changes
          </button>
        </div>
      </div>
    </form>
  );
}
