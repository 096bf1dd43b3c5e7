import { retryAfterSeconds } from "./errors.ts";

export interface TransportOptions {
  /** The credential: an API key, an OAuth access token, or a function giving the current one (see `oauthSession`). */
  token: string | (() => string | Promise<string>);
  /** How many times a 429 or 503 is tried again after waiting as its `Retry-After` says (default 2; 0: never). */
  maxRetries?: number;
  /** The longest single wait, in seconds (default 30): an answer asking for more is returned as it is. */
  maxRetryWait?: number;
  /** Sent as User-Agent, after the SDK's own name. */
  userAgent?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** For tests and schedulers: how to wait (default: setTimeout). */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

const RETRIED = new Set([429, 503]);
/** The writes the API takes an Idempotency-Key on: a create or change tried again is then done once. */
const KEYED = new Set(["POST", "PATCH"]);

const defaultSleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * A fetch that authenticates every request, gives each POST and PATCH an Idempotency-Key unless the
 * caller set one (the same key on every try), and waits as `Retry-After` says on 429 and 503, a
 * bounded number of times for a bounded time each. Other answers, errors included, are returned as they are.
 */
export function crmFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 2;
  const maxWait = (options.maxRetryWait ?? 30) * 1000;
  const sleep = options.sleep ?? defaultSleep;
  const agent = `crm-sdk/0.1${options.userAgent ? ` ${options.userAgent}` : ""}`;

  return async (request) => {
    const token = typeof options.token === "function" ? await options.token() : options.token;
    request.headers.set("authorization", `Bearer ${token}`);
    request.headers.set("user-agent", agent);
    if (KEYED.has(request.method) && !request.headers.has("idempotency-key")) request.headers.set("idempotency-key", crypto.randomUUID());
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries;
      // A body can be read once: every try but the last sends a copy.
      const response = await send(last ? request : request.clone());
      if (last || !RETRIED.has(response.status)) return response;
      const wait = (retryAfterSeconds(response.headers) ?? 2 ** attempt) * 1000;
      if (wait > maxWait) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
