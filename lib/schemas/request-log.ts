import { z } from "zod";
import { isoDateParam } from "./iso-date.ts";

export const requestLogLineSchema = z
  .object({
    id: z.uuid().describe("The line's id: its request's id"),
    created_at: z.date().describe("When the request was answered"),
    request_id: z.uuid().describe("The answer's X-Request-Id, which every error body also carries as `requestId`"),
    method: z.string().describe("The HTTP method"),
    path: z.string().describe("The path, without the query string (MCP: /api/mcp)"),
    tool: z.string().nullable().describe("MCP: the tool a tools/call ran, or the JSON-RPC method of another message"),
    status: z
      .number()
      .int()
      .describe("The HTTP status; for an MCP tool call (always answered 200), the status its REST twin would have answered"),
    duration_ms: z.number().int().describe("From the request's arrival to its answer (for the event stream, to its opening)"),
    credential: z
      .object({
        kind: z.enum(["api_key", "oauth", "session"]).describe("session: the API reference's Try it, as the signed-in user"),
        id: z.string().nullable().describe("The API key's id, or the OAuth token family's; null for a session"),
        name: z.string().nullable().describe("The API key's name, or the OAuth app's (agent connection's)"),
      })
      .describe("The credential the request was authenticated with"),
    app_id: z.uuid().nullable().describe("The OAuth app (or agent connection) of a token"),
    user_id: z.uuid().nullable().describe("The user the credential acts as"),
    ip: z.string().nullable().describe("The client's address as the server saw it"),
    error_code: z.string().nullable().describe("The error body's `code` when the request failed (not_found, rate_limited, …)"),
  })
  .meta({ id: "RequestLogLine" });

/**
 * The most lines one page examines for the filters no index serves (status, path, since): a page
 * whose window ends before it is full says where the next one starts, so no filter makes a request
 * read a company's whole log at once.
 */
export const REQUEST_LOG_SCAN_WINDOW = 20_000;

export const requestLogPageSchema = z
  .object({
    data: z.array(requestLogLineSchema),
    has_more: z.boolean().describe("Whether older lines may follow"),
    next_starting_after: z
      .uuid()
      .nullable()
      .describe(
        `Pass as starting_after for the next page. A page examines at most ${REQUEST_LOG_SCAN_WINDOW.toLocaleString("en")} ` +
          "lines for the status, path and since filters, so with those it may hold fewer lines than asked (even none) and " +
          "still have more after it",
      ),
  })
  .meta({ id: "RequestLogPage" });

/** `2xx`-style classes, or one exact status. */
const STATUS_FILTER = /^(?:[1-5]xx|[1-5][0-9]{2})$/;

export const requestLogFilterSchema = {
  requestId: z.uuid().optional().describe("The line of one request: an answer's X-Request-Id or an error body's requestId"),
  keyId: z.uuid().optional().describe("Only requests made with this API key (its id)"),
  appId: z.uuid().optional().describe("Only requests made with tokens of this OAuth app or agent connection (its id)"),
  status: z
    .string()
    .regex(STATUS_FILTER, "must be a status class (2xx, 4xx, 5xx) or a status (404)")
    .optional()
    .describe("A status class (2xx, 4xx, 5xx) or one status (429)"),
  path: z
    .string()
    .min(1)
    .max(2048)
    .startsWith("/", "must start with /")
    .optional()
    .describe("Only paths starting with this (/api/v1/contact matches /api/v1/contact/{id} too; /api/mcp: the MCP server)"),
  since: isoDateParam("Only requests at or after this time"),
  limit: z.number().int().min(1).max(100).default(25).describe("How many to return, newest first (1 to 100)"),
  starting_after: z.uuid().optional().describe("The id of the last line of the previous page"),
};

export type RequestLogFilter = {
  requestId?: string;
  keyId?: string;
  appId?: string;
  status?: string;
  path?: string;
  since?: Date;
  limit: number;
  starting_after?: string;
};
export type RequestLogLineOut = z.input<typeof requestLogLineSchema>;
export type RequestLogPage = z.input<typeof requestLogPageSchema>;

/** The inclusive status range of a status filter. */
export function statusRange(status: string | undefined): [number, number] | [null, null] {
  if (!status) return [null, null];
  if (status.endsWith("xx")) {
    const hundred = Number(status[0]) * 100;
    return [hundred, hundred + 99];
  }
  return [Number(status), Number(status)];
}
