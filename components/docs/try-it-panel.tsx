"use client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ApiOperation } from "./openapi-types.ts";
import { ParamField } from "./param-field.tsx";
import { missingRequired, requestTarget, type RequestDraft } from "./request-draft.ts";
import { readResult, TryItResultView, type TryItResult } from "./try-it-result.tsx";
import styles from "./api-reference.module.css";

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

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
        setError(`The request body is not valid JSON: ${message(err)}`);
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
      setResult(await readResult(response, Math.round(performance.now() - started)));
    } catch (err) {
      if (controller.signal.aborted) return;
      setResult(null);
      setError(`The request failed: ${message(err)}`);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setPending(false);
      }
    }
  }

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
            {op.parameters.map((p) => (
              <ParamField
                key={`${p.in}:${p.name}`}
                param={p}
                inputId={`${id}-${p.in}-${p.name}`}
                value={draft.params[p.name] ?? ""}
                onChange={(value) => onDraftChange({ ...draft, params: { ...draft.params, [p.name]: value } })}
              />
            ))}
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
        {result && <TryItResultView result={result} />}
      </div>
    </section>
  );
}
