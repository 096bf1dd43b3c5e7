/** The body every error of the API carries (REST and the MCP tools alike). */
export interface CrmErrorBody {
  /** The spec's field: a sentence, or an identifier such as `errors.apiKeyReadOnly`. */
  error: string;
  /** Always a sentence. */
  message: string;
  /** A stable machine code: `not_found`, `rate_limited`, `invalid_request`… */
  code: string;
  /** Field-level problems of a refused input, when there are any. */
  details?: { path: string; message: string }[];
  /** Quote it when reporting a problem; the request log finds the request by it. */
  requestId: string;
}

const isErrorBody = (body: unknown): body is CrmErrorBody =>
  typeof body === "object" && body !== null && typeof (body as CrmErrorBody).error === "string";

/** An answer of the API that was not a success: its status and its error body. */
export class CrmError extends Error implements CrmErrorBody {
  readonly status: number;
  readonly error: string;
  readonly code: string;
  readonly details?: { path: string; message: string }[];
  readonly requestId: string;
  /** Seconds the API asked to wait (429, 503), when it said. */
  readonly retryAfter?: number;

  constructor(status: number, body: CrmErrorBody, retryAfter?: number) {
    super(body.message || body.error);
    this.name = "CrmError";
    this.status = status;
    this.error = body.error;
    this.code = body.code;
    this.details = body.details;
    this.requestId = body.requestId;
    this.retryAfter = retryAfter;
  }

  /** From a failed response and its parsed body (JSON, or the text of a proxy's page). */
  static from(response: Response, body: unknown): CrmError {
    const retryAfter = retryAfterSeconds(response.headers);
    if (isErrorBody(body)) return new CrmError(response.status, { ...body, message: body.message ?? body.error }, retryAfter);
    const text = typeof body === "string" && body ? body.slice(0, 200) : response.statusText || `HTTP ${response.status}`;
    return new CrmError(
      response.status,
      { error: text, message: text, code: `http_${response.status}`, requestId: response.headers.get("x-request-id") ?? "" },
      retryAfter,
    );
  }
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
