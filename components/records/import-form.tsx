"use client";
import { useEffect, useId, useState } from "react";
import { apiConsoleFetch } from "./api-console-fetch.ts";

/** What POST /api/v1/{object}/imports/preview answers. */
interface Preview {
  columns: { header: string; field: string | null }[];
  rows: { row: number; cells: string[]; ok: boolean; error?: string }[];
}

interface ApiError {
  message?: string;
  details?: { path: string; message: string }[];
}

/** The start of the file is enough to map its columns and try its first rows. */
const PREVIEW_BYTES = 64 * 1024;

/** The start of the file up to its last line break within PREVIEW_BYTES (a row cut there ends the preview at the row before). */
async function sample(file: File): Promise<Blob> {
  if (file.size <= PREVIEW_BYTES) return file;
  const head = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const end = head.lastIndexOf(0x0a);
  return new Blob([end > 0 ? head.subarray(0, end + 1) : head]);
}

const describe = (body: ApiError, fallback: string): string =>
  body.details?.length ? body.details.map((d) => `${d.path}: ${d.message}`).join("; ") : (body.message ?? fallback);

/**
 * A CSV import in three steps on one page: choose the file and how rows are written (create, or
 * update-or-create on a unique field); map its columns to fields (matched by name first) while the
 * first rows are tried with that mapping, each with the error it would get; start it. The import
 * then runs in the background, and its page shows its progress.
 */
export function ImportForm({
  object,
  csrfToken,
  fields,
  uniqueFields,
  maxBytes,
}: {
  object: string;
  csrfToken: string;
  fields: { apiName: string; label: string }[];
  uniqueFields: { apiName: string; label: string }[];
  maxBytes: number;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"create" | "upsert">("create");
  const [upsertOn, setUpsertOn] = useState(uniqueFields[0]?.apiName ?? "");
  const [mapping, setMapping] = useState<Record<string, string | null> | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const api = `/api/v1/${encodeURIComponent(object)}/imports`;

  const body = (part: Blob, name: string) => {
    const form = new FormData();
    form.set("file", part, name);
    form.set("mode", mode);
    if (mode === "upsert") form.set("upsertOn", upsertOn);
    if (mapping) form.set("mapping", JSON.stringify(mapping));
    return form;
  };

  // Every change of file, mode or mapping tries the first rows again.
  useEffect(() => {
    if (!file) return;
    let current = true;
    const timer = setTimeout(async () => {
      const res = await apiConsoleFetch(`${api}/preview`, csrfToken, {
        method: "POST",
        body: body(await sample(file), file.name),
      });
      const answer = (await res.json()) as Preview & ApiError;
      if (!current) return;
      if (!res.ok) {
        setPreview(null);
        return setProblem(describe(answer, "The file could not be read."));
      }
      setProblem(null);
      setPreview(answer);
      if (!mapping) setMapping(Object.fromEntries(answer.columns.map((c) => [c.header, c.field])));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // body() reads mode, upsertOn and mapping, listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, mode, upsertOn, mapping, api, csrfToken]);

  const start = async () => {
    if (!file) return;
    setStarting(true);
    const res = await apiConsoleFetch(api, csrfToken, { method: "POST", body: body(file, file.name) });
    const answer = (await res.json()) as { id?: string } & ApiError;
    if (res.status === 202 && answer.id) return window.location.assign(`/records/${encodeURIComponent(object)}/imports/${answer.id}`);
    setStarting(false);
    setProblem(describe(answer, `The import could not start (${res.status}).`));
  };

  const mapped = mapping ? Object.values(mapping).filter(Boolean).length : 0;
  return (
    <div className="stack">
      <section className="panel stack" aria-label="File">
        <h2>1. The file</h2>
        <label>
          CSV file (UTF-8, comma or semicolon separated, a header line first; at most {Math.round(maxBytes / 1024 / 1024)} MiB)
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              setMapping(null);
              setPreview(null);
              setProblem(chosen && chosen.size > maxBytes ? "The file is larger than the import limit." : null);
              setFile(chosen && chosen.size <= maxBytes ? chosen : null);
            }}
          />
        </label>
        <fieldset className="stack">
          <legend>Rows</legend>
          <label className="inline">
            <input type="radio" name={`${id}-mode`} checked={mode === "create"} onChange={() => setMode("create")} /> Create a record for
            every row
          </label>
          <label className="inline">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === "upsert"}
              disabled={!uniqueFields.length}
              onChange={() => setMode("upsert")}
            />{" "}
            Update the record with the same value of a unique field, or create one
          </label>
          {mode === "upsert" && (
            <label>
              Unique field
              <select value={upsertOn} onChange={(e) => setUpsertOn(e.currentTarget.value)}>
                {uniqueFields.map((f) => (
                  <option key={f.apiName} value={f.apiName}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
      </section>

      {preview && mapping && (
        <section className="panel stack" aria-label="Columns">
          <h2>2. Columns</h2>
          <p className="hint">Each column fills the field chosen beside it; columns set to “Leave out” are not imported.</p>
          <table aria-label="Column mapping">
            <thead>
              <tr>
                <th>Column in the file</th>
                <th>Field</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.map((c) => (
                <tr key={c.header}>
                  <td className="mono">{c.header}</td>
                  <td>
                    <select
                      aria-label={`Field for the column ${c.header}`}
                      value={mapping[c.header] ?? ""}
                      onChange={(e) => setMapping({ ...mapping, [c.header]: e.currentTarget.value || null })}
                    >
                      <option value="">Leave out</option>
                      {fields.map((f) => (
                        <option key={f.apiName} value={f.apiName}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>The first rows, as they would be imported</h3>
          <div className="table-scroll">
            <table aria-label="Preview">
              <thead>
                <tr>
                  <th>Line</th>
                  {preview.columns.map((c) => (
                    <th key={c.header}>{c.header}</th>
                  ))}
                  <th>Result</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.row}>
                    <td>{r.row}</td>
                    {preview.columns.map((c, i) => (
                      <td key={c.header}>{r.cells[i] ?? ""}</td>
                    ))}
                    <td className={r.ok ? undefined : "error"}>
                      {r.ok ? (mode === "upsert" ? "Creates or updates a record" : "Creates a record") : r.error}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <div className="row">
        <button type="button" disabled={!file || !preview || mapped === 0 || starting} onClick={() => void start()}>
          {starting ? "Uploading…" : "3. Start the import"}
        </button>
        {file && preview && <span className="hint">{mapped} columns will be imported.</span>}
      </div>
    </div>
  );
}
