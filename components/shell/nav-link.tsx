"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * A sidebar entry, marked as the current page (aria-current) when the path is at or under it.
 * `document` links load a whole page: record and dashboard pages carry their own frame policy
 * (their Content-Security-Policy names their widgets' origins), which only a document load applies.
 */
export function NavLink({ href, exact, document, children }: { href: string; exact?: boolean; document?: boolean; children: ReactNode }) {
  const path = usePathname();
  const current = exact ? path === href : path === href || path.startsWith(`${href}/`);
  const props = { href, "aria-current": current ? ("page" as const) : undefined, className: current ? "active" : undefined };
  return document ? <a {...props}>{children}</a> : <Link {...props}>{children}</Link>;
}
