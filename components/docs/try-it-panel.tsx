"use client";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { ApiOperation } from "./openapi-types.ts";
import { ParamField } from "./param-field.tsx";
import { missingRequired, requestTarget, type RequestDraft } from "./request-draft.ts";
import { readResult, TryItResultView, type TryItResult } from "./try-it-result.tsx";
import styles from "./api-reference.module.css";

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The signed-in visitor, as the server rendered the page: Try it calls the API as this user
 * (session cookie + this anti-CSRF token, lib/auth/credential-from-request.ts), never with a key.
 */
export interface TryItSession {
  email: string;
  csrfToken: string;
}

/** Signed-out visitors sign in and come back to the reference. */
/** Sign in, then back to the reference page (`path`) the reader was on. */
export const signInToTry = (path = "/docs/api"): string => `/login?callbackUrl=${encodeURIComponent(path)}`;

interface TryItPanelProps {
  op: ApiOperation;
  basePath: string;
  session: TryItSession | null;
  draft: RequestDraft;
  onDraftChange: (draft: RequestDraft) => void;
  onResetBody: () => void;
}

export function TryItPanel({ op, basePath, session, draft, onDraftChange, onResetBody }: TryItPanelProps) {
  const signIn = signInToTry(usePathname() ?? undefined);
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TryItResult | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!session) return;
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
    const headers: Record<string, string> = { Accept: "application/json", "X-CSRF-Token": session.csrfToken };
    if (body !== undefined) headers["Content-Type"] = "application/json";

    setPending(true);
    const started = performance.now();
    try {
      // The documented URL on this origin, with the session cookie: the answer is the API's own.
      const response = await fetch(basePath + requestTarget(op, draft), {
        method: op.method,
        headers,
        body,
        credentials: "same-origin",
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
        {session
          ? `Sends the request as you (${session.email}), with your role and rate limit.`
          : "Sign in to send requests from this page."}
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
          {session ? (
            <button type="submit" className={styles.sendButton} disabled={pending}>
              {pending ? "Sending…" : "Send request"}
            </button>
          ) : (
            <a href={signIn} className={styles.sendButton}>
              Sign in to try it
            </a>
          )}
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
        {result?.status === 401 && (
          <p className={styles.hint}>
            The session behind this page has ended (signed out, or the page is older than a session). <a href={signIn}>Sign in</a> again.
          </p>
        )}
        {result && <TryItResultView result={result} />}
      </div>
    </section>
  );
}
