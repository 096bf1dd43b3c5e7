import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

/** Any address the app does not serve (pages; /api answers JSON 404s of its own). */
export default function NotFound() {
  return (
    <main className="center">
      <div className="panel card stack">
        <h1>Page not found</h1>
        <p className="lead">There is no page at this address. The link may be mistyped or out of date.</p>
        <Link className="button" href="/settings">
          Open settings
        </Link>
        <Link className="button secondary" href="/docs/api">
          API reference
        </Link>
      </div>
    </main>
  );
}
