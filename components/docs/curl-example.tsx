import { CopyButton } from "./copy-button.tsx";
import type { ApiOperation } from "./openapi-types.ts";
import { curlCommand, type RequestDraft } from "./request-draft.ts";
import styles from "./api-reference.module.css";

export function CurlExample({ op, serverUrl, draft }: { op: ApiOperation; serverUrl: string; draft: RequestDraft }) {
  const command = curlCommand(op, serverUrl, draft);
  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeBar}>
        <span>curl</span>
        <CopyButton text={command} label="Copy curl" />
      </div>
      <pre className={styles.pre} tabIndex={0} aria-label="curl command">
        <code>{command}</code>
      </pre>
      <p className={styles.hint}>
        Set <code className={styles.inlineCode}>API_KEY</code> to one of your keys in your shell first. The command follows the values
        entered under Try it.
      </p>
    </div>
  );
}
