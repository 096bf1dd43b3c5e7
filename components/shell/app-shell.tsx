import Link from "next/link";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { auth, signOut } from "@/lib/adapters/next-auth/next-auth.ts";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { currentUser } from "@/lib/operations/session/current-user.ts";

async function logout() {
  "use server";
  await signOut({ redirectTo: "/login" });
}

/** The signed-in frame of every app page: the sidebar and the page. Without a session, the login page, coming back to `returnTo`. */
export async function AppShell({ children, returnTo }: { children: ReactNode; returnTo: string }) {
  const session = await auth();
  if (!session?.user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  const me = await query(currentUser, {});
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Settings">
        <span className="brand">CRM settings</span>
        <Link href="/settings">Overview</Link>
        <Link href="/settings/api-keys">API keys</Link>
        <Link href="/settings/objects">Objects &amp; fields</Link>
        <Link href="/settings/roles">Roles</Link>
        <Link href="/settings/inventory">Inventory</Link>
        {me.isAdmin && <Link href="/settings/webhooks">Webhooks</Link>}
        <Link href="/settings/apps">Apps</Link>
        <Link href="/docs/api">API reference</Link>
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
