// @ts-check
// The HTTP front's gate for server actions (server.mjs passes every request through it before Next).
// Plain JavaScript, like server.mjs, so that it holds from the very first request: the app's
// TypeScript runs only inside Next's bundles, which load on demand.
//
// A server action is any POST to a page carrying a `Next-Action` header (a call from Next's client)
// or a multipart body (a form posted before the page's scripts ran). Such a request reaches Next
// only when
//   - it comes from our own pages: `Origin` is PUBLIC_BASE_URL's origin, or — absent, or `null` as
//     browsers send it from a page with Referrer-Policy: no-referrer — vouched for by
//     `Sec-Fetch-Site: same-origin`; any other `Sec-Fetch-Site` is refused. Forwarded headers play
//     no part: what the public origin is comes from configuration alone. Otherwise 403;
//   - its `Next-Action` is shaped like an action id and its body is of a type Next's client sends
//     (multipart/form-data with a boundary, or text/plain). Otherwise 400.
// Next then decodes the body and looks the action up. What it cannot decode, an id the build does
// not know, and arguments an action refuses (lib/adapters/actions/server-action.ts) are answered
// here, as a JSON 400, in place of Next's answer (a 500, or a text/plain 400 or 409): only an
// answer given before an action was admitted is replaced, so an action's own failures stay Next's.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import contentType from "content-type";

/**
 * What the gate answers instead of Next, with codes and texts of lib/errors/error-table.ts (this
 * file cannot import TypeScript; action-gate.test.ts holds each to the table).
 */
export const REFUSALS = {
  crossOrigin: {
    status: 403,
    code: "cross_origin_request",
    error: "Cross-origin request refused",
    message:
      "Server actions are accepted from this CRM's own pages only: Origin must be PUBLIC_BASE_URL's origin (or absent or null with Sec-Fetch-Site: same-origin).",
  },
  actionId: { status: 400, code: "invalid_request", error: "Next-Action must be a server action id (42 hexadecimal characters)" },
  bodyType: {
    status: 400,
    code: "invalid_request",
    error: "A server action's body must be multipart/form-data with a boundary, or text/plain",
  },
  undecodable: { status: 400, code: "invalid_request", error: "Malformed server action request: its body could not be decoded" },
  unknownAction: { status: 400, code: "invalid_request", error: "Unknown server action: reload the page" },
};

/** Next's client reads this header of an answer as "no such action" (its UnrecognizedActionError): kept on ours. */
const ACTION_NOT_FOUND_HEADER = "x-nextjs-action-not-found";
const ACTION_ID = /^[0-9a-f]{42}$/;

/**
 * @typedef {{ admitted: boolean; refusal?: string }} ActionRequestState
 * Per request, shared with the action wrapper (server-action.ts) through globalThis: `admitted`
 * once an action's arguments were accepted and its code runs; `refusal` when they were not.
 */
const REQUESTS_KEY = Symbol.for("crm.actions.request");
const shared = /** @type {{ [REQUESTS_KEY]?: AsyncLocalStorage<ActionRequestState> }} */ (/** @type {unknown} */ (globalThis));
const requests = (shared[REQUESTS_KEY] ??= new AsyncLocalStorage());

/** @param {import("node:http").IncomingMessage} req */
export function isActionRequest(req) {
  if (req.method !== "POST") return false;
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/api" || path.startsWith("/api/")) return false;
  return req.headers["next-action"] !== undefined || mediaType(req.headers["content-type"])?.type === "multipart/form-data";
}

/** @param {string | undefined} header */
function mediaType(header) {
  try {
    return header ? contentType.parse(header) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {string} publicOrigin
 */
function sameOrigin(headers, publicOrigin) {
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return false;
  const origin = headers.origin;
  if (origin === undefined || origin === "null") return site === "same-origin";
  return origin === publicOrigin;
}

/** @param {import("node:http").IncomingHttpHeaders} headers */
function bodyTypeAccepted(headers) {
  const type = mediaType(headers["content-type"]);
  if (type?.type === "multipart/form-data") return Boolean(type.parameters.boundary);
  return headers["next-action"] !== undefined && type?.type === "text/plain";
}

/** @param {{ status: number; code: string; error: string; message?: string }} refusal */
function refusalAnswer(refusal) {
  const body = JSON.stringify({
    error: refusal.error,
    message: refusal.message ?? refusal.error,
    code: refusal.code,
    requestId: randomUUID(),
  });
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
  };
  return { status: refusal.status, headers, body };
}

/**
 * @param {import("node:http").ServerResponse} res
 * @param {{ status: number; code: string; error: string; message?: string }} refusal
 */
function refuse(res, refusal) {
  const { status, headers, body } = refusalAnswer(refusal);
  res.writeHead(status, headers).end(body);
}

/** The ways Next starts its answer: the first call of any of them is where the answer is decided. */
const WRITES = /** @type {const} */ (["writeHead", "flushHeaders", "write", "end"]);

/**
 * A write of an answer that was replaced: nothing is written, and its callback runs all the same.
 * @param {import("node:http").ServerResponse} res
 * @param {(typeof WRITES)[number]} name
 */
function dropped(res, name) {
  return (/** @type {unknown[]} */ ...args) => {
    const done = args.find((a) => typeof a === "function");
    if (typeof done === "function") process.nextTick(() => done());
    return name === "write" ? true : res;
  };
}

/**
 * Replaces Next's answer with a JSON 400 when Next gives it before an action was admitted: a
 * refusal of the action wrapper, a body Next failed to decode (its 500), an unknown action id.
 * Next sets the status and headers first and then starts writing, so the answer is decided at the
 * first write; an answer that stays Next's is written by Node's own methods from then on, and
 * Next's writes of one that was replaced go nowhere (their callbacks still run).
 * @param {import("node:http").ServerResponse} res
 * @param {ActionRequestState} state
 */
function answerRefusalsAsJson(res, state) {
  /** @param {number} status */
  const refusalFor = (status) => {
    if (state.admitted) return undefined;
    if (state.refusal !== undefined) return { ...REFUSALS.undecodable, error: state.refusal };
    if (status === 500) return REFUSALS.undecodable;
    return res.getHeader(ACTION_NOT_FOUND_HEADER) === "1" ? REFUSALS.unknownAction : undefined;
  };
  /** @type {Record<string, unknown>} */
  const instance = /** @type {never} */ (res);
  for (const name of WRITES) {
    instance[name] = (/** @type {unknown[]} */ ...args) => {
      for (const write of WRITES) delete instance[write];
      const refusal = refusalFor(name === "writeHead" ? Number(args[0]) : res.statusCode);
      if (!refusal) return Reflect.apply(res[name], res, args);
      const notFound = res.getHeader(ACTION_NOT_FOUND_HEADER);
      for (const header of res.getHeaderNames()) res.removeHeader(header);
      if (notFound !== undefined) res.setHeader(ACTION_NOT_FOUND_HEADER, notFound);
      const answer = refusalAnswer(refusal);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      for (const write of WRITES) instance[write] = dropped(res, write);
      return dropped(res, name)(...args);
    };
  }
}

/**
 * The gate: answers a server action that may not reach Next, and serves every other request (and
 * the admitted actions) with `next`, Next's request handler.
 * @param {{ publicBaseUrl: string }} options
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, next: () => void) => void}
 */
export function createActionGate({ publicBaseUrl }) {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return (req, res, next) => {
    if (!isActionRequest(req)) return next();
    if (!sameOrigin(req.headers, publicOrigin)) return refuse(res, REFUSALS.crossOrigin);
    const id = req.headers["next-action"];
    if (id !== undefined && !ACTION_ID.test(String(id))) return refuse(res, REFUSALS.actionId);
    if (!bodyTypeAccepted(req.headers)) return refuse(res, REFUSALS.bodyType);
    // Next compares Origin with the Host (or X-Forwarded-Host) itself: it sees the origin the
    // request was found to come from, which next.config.js lets it accept whatever the Host.
    req.headers.origin = publicOrigin;
    /** @type {ActionRequestState} */
    const state = { admitted: false };
    answerRefusalsAsJson(res, state);
    requests.run(state, next);
  };
}
