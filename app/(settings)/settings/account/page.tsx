import { ActionButton } from "@/components/ui/action-button.tsx";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";
import { signOutEverywhereAction } from "./actions.ts";

export const metadata = { title: "Your account" };

/** Your account: who you are signed in as, and "sign out everywhere" for a session you no longer trust. */
export default async function AccountPage() {
  const me = await query(currentUserOp, {});
  return (
    <>
      <h1>Your account</h1>
      <section className="panel stack">
        <dl className="stack">
          <div>
            <dt>Name</dt>
            <dd>{me.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{me.email}</dd>
          </div>
          <div>
            <dt>Company and role</dt>
            <dd>
              {me.tenantName} · {me.role}
              {me.isPlatformAdmin ? " · platform admin" : ""}
            </dd>
          </div>
        </dl>
      </section>
      <section className="panel stack" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p className="hint">
          Signed in somewhere you should not be, or on a computer you no longer use? Signing out everywhere ends every session of yours at
          once, this one included, and the access of the apps and agents you connected (they ask you again). Your API keys keep working:
          revoke them under API keys. A password set through a reset link signs you out everywhere too.
        </p>
        <div>
          <ActionButton
            action={signOutEverywhereAction.bind(null, me.id)}
            danger
            question="Sign out everywhere? Every session of yours ends, this one included: you will sign in again."
          >
            Sign out everywhere
          </ActionButton>
        </div>
      </section>
    </>
  );
}
