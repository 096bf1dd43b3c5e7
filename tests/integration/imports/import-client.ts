/**
 * The imports endpoints (lib/operations/imports) called in-process through the registry's router,
 * for one credential and object: multipart uploads built with FormData, JSON starts from an
 * attachment, and the failed rows' CSV read as text. Also the job's runs, in-process.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import type { ApiImport } from "@/lib/schemas/imports.ts";
import { runImports, type ImportRunOptions } from "@/lib/services/imports/run-imports.ts";
import type { CallResult } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";
export { contactsCsv } from "../../helpers/contacts-csv.ts";

const { GET: listRoute, POST: startRoute } = restRoute("/{object}/imports");
const { GET: getRoute } = restRoute("/{object}/imports/{id}");
const { POST: previewRoute } = restRoute("/{object}/imports/preview");
const { POST: cancelRoute } = restRoute("/{object}/imports/{id}/cancel");
const { GET: errorsRoute } = restRoute("/{object}/imports/{id}/errors");

export type { ApiImport };

/** The local file store writes under DATA_DIR: a temporary directory for the test file, unless one is set. */
export function withTempDataDir(): string {
  process.env.DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "crm-imports-"));
  return process.env.DATA_DIR;
}

interface Send {
  params: Record<string, string>;
  method?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** A route handler's answer: JSON parsed when it is JSON, the text kept either way. */
async function send(handler: RouteHandler, auth: string | undefined, o: Send): Promise<CallResult & { text: string }> {
  const url = new URL("http://localhost/api/v1/");
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(o.headers);
  if (auth) headers.set("authorization", /\s/.test(auth) ? auth : `Bearer ${auth}`);
  const req = new Request(url, { method: o.method ?? "GET", headers, body: o.body });
  const res = await handler(req, { params: Promise.resolve(o.params) });
  const text = await res.text();
  const parsed: unknown = res.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body: parsed, text, json: <T>() => parsed as T };
}

export class ImportsApi {
  constructor(
    readonly auth: string | undefined,
    readonly object: string,
  ) {}

  /** POST /{object}/imports as multipart/form-data: the file, then any fields (mapping as JSON). */
  upload(
    csv: string | Buffer,
    fields: Record<string, string | object> = {},
    fileName = "people.csv",
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    form.append("file", new Blob([typeof csv === "string" ? csv : new Uint8Array(csv)], { type: "text/csv" }), fileName);
    return send(startRoute, this.auth, { method: "POST", params: { object: this.object }, body: form, headers });
  }
  /** POST /{object}/imports/preview as multipart/form-data, as upload sends it. */
  preview(csv: string | Buffer, fields: Record<string, string | object> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === "string" ? value : JSON.stringify(value));
    form.append("file", new Blob([typeof csv === "string" ? csv : new Uint8Array(csv)], { type: "text/csv" }), "people.csv");
    return send(previewRoute, this.auth, { method: "POST", params: { object: this.object }, body: form });
  }
  /** POST /{object}/imports with a JSON body (an attachmentId). */
  start(body: unknown) {
    return send(startRoute, this.auth, {
      method: "POST",
      params: { object: this.object },
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  }
  get(id: string) {
    return send(getRoute, this.auth, { params: { object: this.object, id } });
  }
  list(query: Record<string, string> = {}) {
    return send(listRoute, this.auth, { params: { object: this.object }, query });
  }
  cancel(id: string) {
    return send(cancelRoute, this.auth, { method: "POST", params: { object: this.object, id } });
  }
  errors(id: string) {
    return send(errorsRoute, this.auth, { params: { object: this.object, id } });
  }

  async mustUpload(csv: string | Buffer, fields: Record<string, string | object> = {}): Promise<ApiImport> {
    const res = await this.upload(csv, fields);
    expect(res.status, res.text).toBe(202);
    return res.json<ApiImport>();
  }
  async mustGet(id: string): Promise<ApiImport> {
    const res = await this.get(id);
    expect(res.status, res.text).toBe(200);
    return res.json<ApiImport>();
  }
}

/** Runs the record-imports job's work in this process until no import is left to do. */
export async function runImportsUntilIdle(o: ImportRunOptions = {}): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    // A run stopped by its signal ends there, as the job's does.
    if (o.signal?.aborted) return;
    if ((await runImports(o).catch((err: unknown) => (o.signal?.aborted ? "done" : Promise.reject(err)))) === "done") return;
  }
  throw new Error("imports: still running after 1000 runs");
}
