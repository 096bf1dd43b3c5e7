import Link from "next/link";
import type { ApiResponse } from "./openapi-types.ts";
import { InlineText } from "./rich-text.tsx";
import type { Components } from "./schema-utils.ts";
import { SchemaView } from "./schema-view.tsx";
import styles from "./api-reference.module.css";

function statusClass(status: string): string {
  if (status.startsWith("2")) return styles.statusOk;
  if (status.startsWith("4")) return styles.statusClientError;
  if (status.startsWith("5")) return styles.statusServerError;
  return "";
}

/** The shared error shape: shown once in the introduction's Errors section, linked from every error response. */
export const ERROR_SCHEMA_REF = "#/components/schemas/Error";

const isErrorShape = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && (schema as { $ref?: unknown }).$ref === ERROR_SCHEMA_REF;

/**
 * Success responses start open; the many error statuses share one Error shape, so they start folded
 * and link to it rather than repeat it (457 copies of its 23 codes made the page 55,000 elements).
 */
export function ResponsesList({ responses, components }: { responses: ApiResponse[]; components: Components }) {
  return (
    <div className={styles.responses}>
      {responses.map((r) => (
        <details key={r.status} className={styles.response} open={r.status.startsWith("2")}>
          <summary className={styles.responseSummary}>
            <span className={`${styles.status} ${statusClass(r.status)}`}>{r.status}</span>
            <span className={styles.responseDescription}>
              <InlineText text={r.description} />
            </span>
          </summary>
          <div className={styles.responseBody}>
            {r.schema === undefined ? (
              <p className={styles.schemaNote}>No response body.</p>
            ) : isErrorShape(r.schema) ? (
              <p className={styles.schemaNote}>
                An <Link href="/docs/api#errors">Error</Link> object.
              </p>
            ) : (
              <SchemaView schema={r.schema} components={components} />
            )}
            {r.headers.length > 0 && (
              <>
                <h5 className={styles.minorHeading}>Headers</h5>
                <ul className={styles.headerList}>
                  {r.headers.map((h) => (
                    <li key={h.name}>
                      <code className={styles.propName}>{h.name}</code> <InlineText text={h.description} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </details>
      ))}
    </div>
  );
}
