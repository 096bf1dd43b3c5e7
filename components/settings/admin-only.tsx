import type { ReactNode } from "react";

/** What non-admins see instead of a settings form they could not submit. */
export function AdminOnly({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  if (isAdmin) return <>{children}</>;
  return <p className="hint">Only admins can change this. Ask an admin of your company.</p>;
}
