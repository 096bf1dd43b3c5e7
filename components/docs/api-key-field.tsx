"use client";
import { useState } from "react";
import styles from "./api-reference.module.css";

export function ApiKeyField({ apiKey, onChange }: { apiKey: string; onChange: (value: string) => void }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.keyField}>
      <label className={styles.keyLabel} htmlFor="api-key">
        API key
      </label>
      <div className={styles.keyRow}>
        <input
          id="api-key"
          className={styles.keyInput}
          type={visible ? "text" : "password"}
          value={apiKey}
          onChange={(e) => onChange(e.target.value)}
          placeholder="crm_…"
          // Not a login password: keep browsers and password managers from offering to save it.
          autoComplete="off"
          data-1p-ignore
          data-lpignore="true"
          spellCheck={false}
          aria-describedby="api-key-hint"
        />
        <button type="button" className={styles.secondaryButton} onClick={() => setVisible((v) => !v)} aria-pressed={visible}>
          {visible ? "Hide key" : "Show key"}
        </button>
        <button type="button" className={styles.secondaryButton} onClick={() => onChange("")} disabled={!apiKey}>
          Forget key
        </button>
      </div>
      <p id="api-key-hint" className={styles.hint}>
        Used by every Try it panel on this page. It stays in this browser tab (session storage) and is sent only to this
        server&apos;s API.
      </p>
    </div>
  );
}
