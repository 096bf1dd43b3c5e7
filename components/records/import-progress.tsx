"use client";
import { useEffect, useState } from "react";
import type { ApiImport } from "@/lib/schemas/imports.ts";
import { useHydrated } from "@/components/ui/use-hydrated.ts";
import { apiConsoleFetch } from "./api-console-fetch.ts";

/** An import as GET /api/v1/{object}/imports/{id} answers it. */
export type ImportState = ApiImport;

const POLL_MS = 1500;
const active = (s: ImportState) => s.status === "queued" || s.status === "running";

/** "about 2 minutes left", from the pace so far; nothing until the first batch has given a pace. */
export function timeLeft(s: ImportState, now: number): string | null {
  if (!active(s) || !s.started_at || s.processed === 0) return null;
  const elapsed = now - Date.parse(s.started_at);
  const seconds = Math.max(1, Math.round(((s.total - s.processed) * elapsed) / s.processed / 1000));
  if (seconds < 60) return `about ${seconds} second${seconds === 1 ? "" : "s"} left`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? "" : "s"} left`;
}

/**
 * An import's progress, live: the bar and counts from the API every 1.5 s while it runs (a reload
 * finds the same import at the same address), Cancel while it runs, and the failed rows as CSV.
 */
export function ImportProgress({ initial, csrfToken, listHref }: { initial: ImportState; csrfToken: string; listHref: string }) {
  const [state, setState] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const hydrated = useHydrated();
  const base = `/api/v1/${encodeURIComponent(state.object)}/imports/${state.id}`;

  useEffect(() => {
    if (!active(state)) return;
    const timer = setTimeout(async () => {
      const res = await apiConsoleFetch(base, csrfToken).catch(() => null);
      if (res?.ok) setState((await res.json()) as ImportState);
      else setProblem("The progress could not be read just now; trying again.");
      setNow(Date.now());
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [state, base, csrfToken]);

  const cancel = async () => {
    const res = await apiConsoleFetch(`${base}/cancel`, csrfToken, { method: "POST" });
    const body = (await res.json()) as ImportState & { message?: string };
    if (res.ok) setState(body);
    else setProblem(body.message ?? "The import could not be cancelled.");
  };
  const downloadErrors = async () => {
    const res = await apiConsoleFetch(`${base}/errors`, csrfToken);
    if (!res.ok) return setProblem("The failed rows could not be downloaded.");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await res.blob());
    link.download = `${state.object}-import-failed-rows.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const percent = state.total ? Math.round((state.processed / state.total) * 100) : active(state) ? 0 : 100;
  const left = timeLeft(state, now);
  return (
    <section className="panel stack" aria-label="Import progress">
      <p data-testid="import-status">
        <strong>{STATUS[state.status]}</strong>
        {left && <span className="hint"> · {left}</span>}
      </p>
      <progress max={state.total || 1} value={state.processed} aria-label="Rows imported">
        {percent} %
      </progress>
      <dl className="facts" aria-label="Counts">
        <dt>Done</dt>
        <dd data-testid="import-processed">
          {state.processed} of {state.total} rows ({percent} %)
        </dd>
        <dt>Created</dt>
        <dd data-testid="import-created">{state.created}</dd>
        <dt>Updated</dt>
        <dd data-testid="import-updated">{state.updated}</dd>
        <dt>Failed</dt>
        <dd data-testid="import-failed">{state.failed}</dd>
      </dl>
      {state.error && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      {problem && <p className="hint">{problem}</p>}
      <div className="row">
        {active(state) && (
          <button type="button" className="danger" disabled={!hydrated} onClick={() => void cancel()}>
            Cancel import
          </button>
        )}
        {state.failed > 0 && (
          <button type="button" className="secondary" disabled={!hydrated} onClick={() => void downloadErrors()}>
            Download the failed rows (CSV)
          </button>
        )}
        {!active(state) && <a href={listHref}>Back to the list</a>}
      </div>
    </section>
  );
}

const STATUS: Record<ImportState["status"], string> = {
  queued: "Waiting to start",
  running: "Importing",
  done: "Done",
  failed: "Stopped by an error",
  cancelled: "Cancelled",
};
