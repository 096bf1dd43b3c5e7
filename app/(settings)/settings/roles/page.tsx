import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listRolesOp } from "@/lib/operations/roles/manage-roles.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { ActionForm } from "@/components/ui/action-form.tsx";
import { AdminOnly } from "@/components/settings/admin-only.tsx";
import { setPermissionAction } from "./actions.ts";

export const metadata = { title: "Roles" };

const ACTIONS = ["read", "create", "update", "delete"] as const;

export default async function RolesPage() {
  const me = await query(currentUserOp, {});
  if (!me.isAdmin) {
    return (
      <>
        <h1>Roles</h1>
        <AdminOnly isAdmin={false}>{null}</AdminOnly>
      </>
    );
  }
  const matrix = await query(listRolesOp, {});
  return (
    <>
      <h1>Roles</h1>
      <p className="lead">What each role may do per object. API keys and OAuth tokens never exceed the role of the user behind them.</p>
      {matrix.roles.map((role) => (
        <section className="panel" key={role.id} aria-label={`Role ${role.name}`}>
          <h2>{role.name}</h2>
          <table>
            <thead>
              <tr>
                <th>Object</th>
                <th>Permissions</th>
              </tr>
            </thead>
            <tbody>
              {matrix.objects.map((object) => (
                <tr key={object}>
                  <td className="mono">{object}</td>
                  <td>
                    <ActionForm action={setPermissionAction} label={`${role.name} on ${object}`} submit="Save" success="Saved.">
                      <input type="hidden" name="roleId" value={role.id} />
                      <input type="hidden" name="objectApiName" value={object} />
                      <div className="row">
                        {ACTIONS.map((a) => (
                          <label className="inline" key={a}>
                            <input type="checkbox" name={a} defaultChecked={role.grants[object]?.[a]} /> {a}
                          </label>
                        ))}
                      </div>
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
