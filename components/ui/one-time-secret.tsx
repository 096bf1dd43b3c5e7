"use client";
import type { ReactNode } from "react";
import { CopyButton } from "@/components/docs/copy-button.tsx";

/**
 * A secret shown this once (API key, webhook signing secret, client secret, invitation link): a
 * full-width banner, the value on its own line in a monospace block that wraps only where it must,
 * and Copy.
 */
export function OneTimeSecret(p: { label: string; heading: ReactNode; value: string; testId: string; children?: ReactNode }) {
  return (
    <div className="secret stack" role="status" aria-label={p.label}>
      <strong>{p.heading}</strong>
      {p.children}
      <code data-testid={p.testId}>{p.value}</code>
      <div>
        <CopyButton text={p.value} />
      </div>
    </div>
  );
}
