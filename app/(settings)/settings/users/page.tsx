import { query } from "@/lib/adapters/actions/session-operation.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { listUsersOp } from "@/lib/operations/users/manage-users.ts";
import { ActionButton } from "@/components/ui/action-button.tsx";
import { DataTable } from "@/components/ui/data-table.tsx";
import { InviteUserForm } from "@/components/settings/invite-user-form.tsx";
import { RoleSelect } from "@/components/settings/role-select.tsx";
import { UserLinkButton } from "@/components/settings/user-link-button.tsx";
import { utcMinute } from "@/components/utc-minute.ts";
import { adminsOnly } from "../webhooks/admins-only.ts";
import {
  changeRoleAction,
  deactivateAction,
  inviteUserAction,
  reactivateAction,
  reinviteAction,
  resetPasswordAction,
  signOutUserAction,
} from "./actions.ts";

export const metadata = { title: "Users" };

const STATUS_BADGE = { active: "badge ok", invited: "badge warning", deactivated: "badge off" } as const;

/**
 * Settings → Users (admins): invite people, change their role, deactivate or reactivate them, send
 * password resets, sign them out everywhere. A platform admin's row offers none of it to an admin
 * who is not one (the operations refuse it too).
 */
export default async function UsersPage() {
  await adminsOnly();
  const [users, me] = await Promise.all([query(listUsersOp, {}), query(currentUserOp, {})]);
  return (
    <>
      <h1>Users</h1>
      <p className="lead">
        People sign in with their email and password. Deactivating someone stops their sessions, API keys and OAuth tokens at once (sessions
        and OAuth tokens for good); signing someone out everywhere ends their sessions and OAuth tokens (their API keys stay). The company
        always keeps at least one admin, and platform admins are managed by platform admins.
      </p>
      <section className="panel stack">
        <h2>Invite someone</h2>
        <InviteUserForm inviteUserAction={inviteUserAction} />
      </section>
      <section className="panel">
        <h2>People</h2>
        <DataTable
          label="Users"
          columns={["Name", "Email", "Role", "Status", "Since", ""]}
          rows={users.data.map((u) => ({
            key: u.id,
            cells: [
              <span key="n">
                {u.id === me.id ? `${u.name} (you)` : u.name}
                {u.platformAdmin && (
                  <>
                    {" "}
                    <span className="badge warning">platform admin</span>
                  </>
                )}
              </span>,
              u.email,
              <RoleSelect
                key={`r-${u.role}`}
                id={u.id}
                email={u.email}
                role={u.role}
                disabled={u.status !== "active" || !u.manageable}
                changeRoleAction={changeRoleAction}
              />,
              <span key="s" className={STATUS_BADGE[u.status]}>
                {u.status}
              </span>,
              utcMinute(u.createdAt),
              <div key="a" className="row">
                {!u.manageable && <span className="hint">Managed by platform admins</span>}
                {u.manageable && u.status === "active" && (
                  <>
                    <UserLinkButton action={resetPasswordAction.bind(null, u.id)} label={`Reset password of ${u.email}`}>
                      Reset password
                    </UserLinkButton>
                    <ActionButton
                      action={deactivateAction.bind(null, u.id)}
                      danger
                      label={`Deactivate ${u.email}`}
                      question={`Deactivate ${u.email}? They are signed out, and their API keys and OAuth tokens stop working at once.`}
                    >
                      Deactivate
                    </ActionButton>
                    {u.id !== me.id && (
                      <ActionButton
                        action={signOutUserAction.bind(null, u.id)}
                        label={`Sign out everywhere: ${u.email}`}
                        question={`Sign ${u.email} out everywhere? Every browser session and OAuth token of theirs ends at once; their API keys stay.`}
                      >
                        Sign out everywhere
                      </ActionButton>
                    )}
                  </>
                )}
                {u.manageable && u.status === "deactivated" && (
                  <ActionButton action={reactivateAction.bind(null, u.id)} label={`Reactivate ${u.email}`}>
                    Reactivate
                  </ActionButton>
                )}
                {u.manageable && u.status === "invited" && (
                  <>
                    <UserLinkButton action={reinviteAction.bind(null, u.id)} label={`Send again the invitation to ${u.email}`}>
                      Send again
                    </UserLinkButton>
                    <ActionButton
                      action={deactivateAction.bind(null, u.id)}
                      danger
                      label={`Withdraw the invitation of ${u.email}`}
                      question={`Withdraw the invitation of ${u.email}? Their link stops working.`}
                    >
                      Withdraw
                    </ActionButton>
                  </>
                )}
              </div>,
            ],
          }))}
        />
      </section>
    </>
  );
}
