import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found" };

/** An unknown id under /settings (an object archived or never created): a 404 inside the settings frame. */
export default function SettingsNotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p className="lead">
        Nothing in your company&apos;s settings lives at this address: the link may be old, or what it pointed to was archived.
      </p>
      <div className="panel row">
        <Link className="button" href="/settings/objects">
          Objects &amp; fields
        </Link>
        <Link className="button secondary" href="/settings">
          Settings overview
        </Link>
      </div>
    </>
  );
}
