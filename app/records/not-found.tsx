import type { Metadata } from "next";

export const metadata: Metadata = { title: "Not found" };

/** An unknown object or record, one in the trash, or one the role may not read: a 404 inside the app's frame. */
export default function RecordNotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p className="lead">
        There is no record at this address that you can see: the link may be old, the record may be in the trash, or your role may not
        include it.
      </p>
      <div className="panel row">
        <a className="button" href="/dashboard">
          Dashboard
        </a>
      </div>
    </>
  );
}
