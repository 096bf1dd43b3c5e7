"use client";
import { useEffect, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated.ts";
import styles from "./api-reference.module.css";

type CopyState = "idle" | "copied" | "failed";

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<CopyState>("idle");
  const hydrated = useHydrated();

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      // The Clipboard API is missing on plain-http origins other than localhost.
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <button type="button" className={styles.copyButton} disabled={!hydrated} onClick={copy}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text" : label}</span>
    </button>
  );
}
