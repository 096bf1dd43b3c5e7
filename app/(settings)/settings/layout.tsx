import Link from "next/link";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { auth, signOut } from "@/lib/auth/next-auth.ts";

async function logout() {
  "use server";
  await signOut({ redirectTo: "/login" });
}

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (!session?.user) redirect("/login?callbackUrl=/settings");
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Settings">
        <span className="brand">CRM settings</span>
        <Link href="/settings">Overview</Link>
        <Link href="/settings/api-keys">API keys</Link>
        <Link href="/settings/objects">Objects &amp; fields</Link>
        <Link href="/settings/roles">Roles</Link>
        <Link href="/docs/api">API reference</Link>
        <div className="who">
          <div>Signed in as {session.user.email}</div>
          <form action={logout}>
            <button type="submit">Log out</button>
          </form>
        </div>
      </nav>
      <main className="content">{children}</main>
    </div>
  );
}
