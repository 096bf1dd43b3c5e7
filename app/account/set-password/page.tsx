import type { Metadata } from "next";
import { SetPasswordForm } from "@/components/auth/set-password-form.tsx";
import { setPasswordAction } from "./actions.ts";
import { linkInfo } from "@/lib/services/users/set-password.ts";

export const metadata: Metadata = { title: "Choose your password" };
export const dynamic = "force-dynamic";

/**
 * Where an invitation or a password reset link leads (no session needed): the person chooses a
 * password, once. Like the login, it sends no Referer (its URL carries the link's secret).
 */
export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const info = token ? await linkInfo(token) : null;
  return (
    <main className="center">
      <div className="panel card stack">
        {info ? (
          <>
            <h1>{info.purpose === "invite" ? `Join ${info.company}` : "Choose a new password"}</h1>
            <p className="lead">{`${info.name}, choose the password you will sign in with as ${info.email}.`}</p>
            <SetPasswordForm token={token} setPasswordAction={setPasswordAction} />
          </>
        ) : (
          <>
            <h1>This link cannot be used</h1>
            <p className="error">It is invalid, was used already or has expired: ask an admin of your company for a new one.</p>
          </>
        )}
      </div>
    </main>
  );
}
