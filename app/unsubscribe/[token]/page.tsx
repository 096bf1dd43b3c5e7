import type { Metadata } from "next";
import { describeUnsubscribe } from "@/lib/services/unsubscribe/unsubscribe.ts";
import { MAX_TOKEN_LENGTH } from "@/lib/services/email/unsubscribe-token.ts";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

/**
 * The page an email's footer links to: no sign-in, one click to confirm (a GET changes nothing, so
 * link scanners cannot unsubscribe anyone). The button posts to the one-click address.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const who = token.length <= MAX_TOKEN_LENGTH ? await describeUnsubscribe(token) : null;
  return (
    <main className="center">
      <div className="panel card stack">
        {!who ? (
          <>
            <h1>Link not valid</h1>
            <p className="lead">This unsubscribe link is not valid. Use the link in the latest email you received.</p>
          </>
        ) : who.done ? (
          <>
            <h1>You are unsubscribed</h1>
            <p className="lead">
              {who.address} will not receive marketing email from {who.companyName} any more.
            </p>
          </>
        ) : (
          <>
            <h1>Unsubscribe</h1>
            <p className="lead">
              Stop marketing email from {who.companyName} to {who.address}?
            </p>
            <form method="post" action={`/api/unsubscribe/${token}`}>
              <button type="submit">Unsubscribe</button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
