import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { recordNavigationOp } from "@/lib/operations/session/record-navigation.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { logout } from "./logout-action.ts";
import { GlobalSearch } from "./global-search.tsx";
import { NavLink } from "./nav-link.tsx";
import { settingsPagesFor } from "./settings-pages.ts";

/** The signed-in frame of every app page: the sidebar and the page. Without a session, the login page, coming back to `returnTo`. */
export async function AppShell({ children, returnTo }: { children: ReactNode; returnTo: string }) {
  const session = await auth();
  if (!session?.user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  const [me, objects] = await Promise.all([query(currentUserOp, {}), query(recordNavigationOp, {})]);
  return (
    <div className="shell">
      {/* The first Tab stop: past the sidebar's links, straight to the page. */}
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <span className="brand">CRM</span>
        <GlobalSearch />
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
        {settingsPagesFor(me.isAdmin).map((p) => (
          <NavLink key={p.href} href={p.href}>
            {p.label}
          </NavLink>
        ))}
        <NavLink href="/docs/api">API reference</NavLink>
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
      <main className="content" id="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
