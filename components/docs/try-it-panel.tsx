"use client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { isJsonObject, type ApiOperation, type JsonSchema } from "./openapi-types.ts";
import { missingRequired, requestTarget, type RequestDraft } from "./request-draft.ts";
import { enumValues, typeLabel } from "./schema-utils.ts";
import styles from "./api-reference.module.css";

interface TryItResult {
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

/** Booleans and enums get a select, so a typo cannot turn into a 400. */
function choices(schema: JsonSchema): string[] | undefined {
  const values = enumValues(schema);
  if (values.length > 0) return values;
  return isJsonObject(schema) && schema.type === "boolean" ? ["true", "false"] : undefined;
}

function prettyBody(text: string): string {
  if (!text) return "(empty body)";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

interface TryItPanelProps {
  op: ApiOperation;
  basePath: string;
  apiKey: string;
  draft: RequestDraft;
  onDraftChange: (draft: RequestDraft) => void;
  onResetBody: () => void;
}

export function TryItPanel({ op, basePath, apiKey, draft, onDraftChange, onResetBody }: TryItPanelProps) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TryItResult | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const missing = missingRequired(op, draft);
    if (missing.length > 0) {
      setError(`Fill in ${missing.join(", ")}.`);
      return;
    }
    let body: string | undefined;
    if (op.requestBody && draft.body.trim()) {
      try {
        body = JSON.stringify(JSON.parse(draft.body));
      } catch (err) {
        setError(`The request body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
    }

    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (apiKey.trim()) headers.Authorization = `Bearer ${apiKey.trim()}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";

    setPending(true);
    const started = performance.now();
    try {
      // A relative URL keeps the key on this origin, whatever host serves the page. Cookies are
      // omitted so the answer is what an integrator gets with the key alone.
      const response = await fetch(basePath + requestTarget(op, draft), {
        method: op.method,
        headers,
        body,
        credentials: "omit",
        cache: "no-store",
        signal: controller.signal,
      });
      const text = await response.text();
      setResult({
        status: response.status,
        statusText: response.statusText,
        durationMs: Math.round(performance.now() - started),
        headers: SHOWN_HEADERS.flatMap((name) => {
          const value = response.headers.get(name);
          return value === null ? [] : [{ name, value: formatHeader(name, value) }];
        }),
        body: prettyBody(text),
      });
    } catch (err) {
      if (controller.signal.aborted) return;
      setResult(null);
      setError(`The request failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setPending(false);
      }
    }
  }

  const setParam = (name: string, value: string) => onDraftChange({ ...draft, params: { ...draft.params, [name]: value } });

  return (
    <section className={styles.tryIt} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.tryItTitle}>
        Try it
      </h4>
      <p className={styles.hint}>
        {apiKey.trim() ? (
          "Sends the API key entered above, to this server only."
        ) : (
          <>
            No API key entered: the API will answer 401. <a href="#api-key">Enter a key</a> first.
          </>
        )}
      </p>
      <form onSubmit={send} className={styles.tryItForm}>
        {op.parameters.length > 0 && (
          <div className={styles.paramGrid}>
            {op.parameters.map((p) => {
              const inputId = `${id}-${p.in}-${p.name}`;
              const options = choices(p.schema);
              return (
                <div key={`${p.in}:${p.name}`} className={styles.field}>
                  <span className={styles.fieldLabelRow}>
                    <label htmlFor={inputId}>{p.name}</label>
                    <span id={`${inputId}-hint`} className={styles.fieldHint}>
                      {p.in}
                      {p.required ? ", required" : ""}
                    </span>
                  </span>
                  {options ? (
                    <select
                      id={inputId}
                      aria-describedby={`${inputId}-hint`}
                      value={draft.params[p.name] ?? ""}
                      onChange={(e) => setParam(p.name, e.target.value)}
                      required={p.required}
                    >
                      <option value="">{p.required ? "Choose…" : "(not sent)"}</option>
                      {options.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={inputId}
                      aria-describedby={`${inputId}-hint`}
                      value={draft.params[p.name] ?? ""}
                      onChange={(e) => setParam(p.name, e.target.value)}
                      placeholder={typeLabel(p.schema)}
                      required={p.required}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </div>
              );
            })}
          </div>
        )}
        {op.requestBody && (
          <div className={styles.field}>
            <span className={styles.fieldLabelRow}>
              <label htmlFor={`${id}-body`}>Request body (JSON)</label>
              {!op.requestBody.required && <span className={styles.fieldHint}>optional</span>}
            </span>
            <textarea
              id={`${id}-body`}
              className={styles.bodyInput}
              value={draft.body}
              onChange={(e) => onDraftChange({ ...draft, body: e.target.value })}
              rows={Math.min(16, Math.max(4, draft.body.split("\n").length + 1))}
              spellCheck={false}
            />
          </div>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.sendButton} disabled={pending}>
            {pending ? "Sending…" : "Send request"}
          </button>
          {op.requestBody && (
            <button type="button" className={styles.secondaryButton} onClick={onResetBody}>
              Reset body
            </button>
          )}
          {result && (
            <button type="button" className={styles.secondaryButton} onClick={() => setResult(null)}>
              Clear response
            </button>
          )}
        </div>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
      <div aria-live="polite" aria-busy={pending}>
        {result && (
          <div className={styles.result}>
            <p className={styles.resultStatus}>
              <span
                data-testid="try-it-status"
                className={`${styles.status} ${result.status < 300 ? styles.statusOk : result.status < 500 ? styles.statusClientError : styles.statusServerError}`}
              >
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
            <pre className={styles.pre} data-testid="try-it-body" tabIndex={0} aria-label="Response body">
              <code>{result.body}</code>
            </pre>
          </div>
        )}
      </div>
    </section>
  );
}
