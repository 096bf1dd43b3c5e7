"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/adapters/actions/session-operation.ts";
import { OneTimeSecret } from "@/components/ui/one-time-secret.tsx";

/** A one-time link just issued, for the banner that shows it once. */
export interface LinkData {
  email: string;
  url: string;
  emailed: boolean;
  purpose: "invite" | "reset";
}
export type LinkState = ActionResult<LinkData> | null;

/** A button whose action issues a one-time link (reset, invitation): the link is shown once, in the secret banner. */
export function UserLinkButton({ action, label, children }: { action: () => Promise<LinkState>; label: string; children: string }) {
  const [state, dispatch, pending] = useActionState<LinkState, FormData>(() => action(), null);
  return (
    <form action={dispatch} className="stack">
      <div>
        <button type="submit" className="secondary" disabled={pending} aria-label={label}>
          {children}
        </button>
      </div>
      {state?.ok && <LinkBanner {...state.data} />}
      {state && !state.ok && (
        <span role="alert" className="error">
          {state.error}
        </span>
      )}
    </form>
  );
}

export function LinkBanner({
  email,
  url,
  emailed,
  purpose,
}: {
  email: string;
  url: string;
  emailed: boolean;
  purpose: "invite" | "reset";
}) {
  const what = purpose === "invite" ? "invitation link" : "password reset link";
  return (
    <OneTimeSecret
      label={purpose === "invite" ? "Invitation link" : "Password reset link"}
      heading={
        emailed
          ? `The ${what} was emailed to ${email}. It is also here, shown once: it works one time, for ${purpose === "invite" ? "7 days" : "24 hours"}.`
          : `No SMTP server is configured: give this ${what} to ${email} yourself. It is shown once and works one time, for ${purpose === "invite" ? "7 days" : "24 hours"}.`
      }
      value={url}
      testId="user-link"
    />
  );
}
