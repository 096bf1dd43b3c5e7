import styles from "./api-reference.module.css";

export interface TryItResult {
  status: number;
  statusText: string;
  durationMs: number;
  headers: { name: string; value: string }[];
  body: string;
}

/** The headers a client needs to pace itself and to report problems. */
const SHOWN_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After", "X-Request-Id"];

function formatHeader(name: string, value: string): string {
  const seconds = Number(value);
  if (name !== "X-RateLimit-Reset" || !Number.isFinite(seconds)) return value;
  return `${value} (${new Date(seconds * 1000).toLocaleTimeString()})`;
}

function prettyBody(text: string): string {
  if (!text) return "(empty body)";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // not JSON (e.g. a proxy's HTML error page): show it as sent
  }
}

export async function readResult(response: Response, durationMs: number): Promise<TryItResult> {
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    durationMs,
    headers: SHOWN_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [{ name, value: formatHeader(name, value) }];
    }),
    body: prettyBody(text),
  };
}

function statusClass(status: number): string {
  if (status < 300) return styles.statusOk;
  if (status < 500) return styles.statusClientError;
  return styles.statusServerError;
}

export function TryItResultView({ result }: { result: TryItResult }) {
  return (
    <div className={styles.result}>
      <p className={styles.resultStatus}>
        <span data-testid="try-it-status" className={`${styles.status} ${statusClass(result.status)}`}>
          {result.status}
        </span>{" "}
        {result.statusText} <span className={styles.fieldHint}>· {result.durationMs} ms</span>
      </p>
      {result.headers.length > 0 && (
        <dl className={styles.resultHeaders} data-testid="try-it-headers">
          {result.headers.map((h) => (
            <div key={h.name}>
              <dt>{h.name}</dt>
              <dd>{h.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {/* Focusable: long bodies scroll inside the block. */}
      <pre className={styles.pre} data-testid="try-it-body" tabIndex={0} aria-label="Response body">
        <code>{result.body}</code>
      </pre>
    </div>
  );
}
