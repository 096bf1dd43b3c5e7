import { query } from "@/lib/adapters/actions/session-operation.ts";
import { listRolesOp } from "@/lib/operations/roles/manage-roles.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { AdminOnly } from "@/components/settings/admin-only.tsx";
import { RoleMatrixForm } from "@/components/settings/role-matrix-form.tsx";
import { saveRoleMatrixAction } from "./actions.ts";

export const metadata = { title: "Roles" };

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
      <RoleMatrixForm roles={matrix.roles} objects={matrix.objects} action={saveRoleMatrixAction} />
    </>
  );
}
