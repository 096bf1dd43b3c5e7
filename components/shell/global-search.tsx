"use client";
import { useEffect, useRef } from "react";

/** Whether a key press belongs to something the user is typing into. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/**
 * The search box of every page: records of every object the user may read, by name (/search).
 * "/" or Ctrl+K (⌘K) puts the cursor in it from anywhere on the page.
 */
export function GlobalSearch() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = (e.key === "k" && (e.ctrlKey || e.metaKey)) || (e.key === "/" && !typing(e.target) && !e.ctrlKey && !e.metaKey);
      if (!shortcut) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <form role="search" action="/search" className="global-search" aria-label="Search records">
      <input
        ref={input}
        type="search"
        name="q"
        maxLength={200}
        placeholder="Search records  ( / )"
        aria-label="Search records by name"
        aria-keyshortcuts="/ Control+K Meta+K"
      />
    </form>
  );
}
