import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { recordNavigationOp } from "@/lib/operations/session/record-navigation.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { logout } from "./logout-action.ts";
import { NavLink } from "./nav-link.tsx";

/** The signed-in frame of every app page: the sidebar and the page. Without a session, the login page, coming back to `returnTo`. */
export async function AppShell({ children, returnTo }: { children: ReactNode; returnTo: string }) {
  const session = await auth();
  if (!session?.user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  const [me, objects] = await Promise.all([query(currentUserOp, {}), query(recordNavigationOp, {})]);
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Main">
        <span className="brand">CRM</span>
        <NavLink href="/dashboard" document>
          Dashboard
        </NavLink>
        <NavLink href="/approvals">My approvals</NavLink>
        <span className="nav-group">Records</span>
        {objects.data.map((o) => (
          <NavLink key={o.apiName} href={`/records/${o.apiName}`} document>
            {o.pluralLabel}
          </NavLink>
        ))}
        <span className="nav-group">Settings</span>
        <NavLink href="/settings" exact>
          Overview
        </NavLink>
        <NavLink href="/settings/api-keys">API keys</NavLink>
        <NavLink href="/settings/objects">Objects &amp; fields</NavLink>
        <NavLink href="/settings/roles">Roles</NavLink>
        <NavLink href="/settings/inventory">Inventory</NavLink>
        {me.isAdmin && <NavLink href="/settings/webhooks">Webhooks</NavLink>}
        {me.isAdmin && <NavLink href="/settings/email">Email</NavLink>}
        {me.isAdmin && <NavLink href="/settings/flows">Flows</NavLink>}
        {me.isAdmin && <NavLink href="/settings/approvals">Approvals</NavLink>}
        <NavLink href="/settings/apps">Apps</NavLink>
        {me.isAdmin && <NavLink href="/settings/users">Users</NavLink>}
        {me.isAdmin && <NavLink href="/settings/audit-log">Audit log</NavLink>}
        <NavLink href="/docs/api">API reference</NavLink>
        <NavLink href="/settings/account">Your account</NavLink>
        <div className="who">
          <div>
            Signed in as {me.email}
            <br />
            {me.tenantName} · {me.role}
          </div>
          <form action={logout}>
            <button type="submit">Log out</button>
          </form>
        </div>
      </nav>
      <main className="content">{children}</main>
    </div>
  );
}
