import type { RouteHandler } from "@/lib/adapters/route-handler.ts";

export interface CallOptions {
  /** A full Authorization header value, or a bare key (sent as Bearer), or nothing. */
  auth?: string;
  query?: Record<string, string | string[]>;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  json: <T = Record<string, unknown>>() => T;
}

/** Calls an App Router route handler in-process, as Next would. */
export async function call(handler: RouteHandler, o: CallOptions = {}): Promise<CallResult> {
  const url = new URL(`http://localhost/api/v1${o.path ?? "/"}`);
  for (const [k, v] of Object.entries(o.query ?? {})) for (const value of [v].flat()) url.searchParams.append(k, value);
  const headers = new Headers(o.headers);
  if (o.auth) headers.set("authorization", /\s/.test(o.auth) ? o.auth : `Bearer ${o.auth}`);
  let body: string | undefined;
  if (o.body !== undefined) {
    body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(url, { method: o.method ?? (body ? "POST" : "GET"), headers, body });
  const res = await handler(req, { params: Promise.resolve(o.params ?? {}) });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  return { status: res.status, headers: res.headers, body: parsed, json: <T>() => parsed as T };
}
