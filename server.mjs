// The app's HTTP entry (Next.js custom-server mode): `next start`'s behaviour for every page and
// route, behind a thin front that answers what Next itself cannot answer as JSON — methods the
// Fetch API refuses to represent (TRACE, TRACK, CONNECT: Next fails them with a plain-text 500),
// methods outside HTTP's standard set, paths whose percent-encoding is malformed, and requests the
// HTTP parser rejects — and that bounds how long a client may take to send a request. Requests
// under /api/v1 and /api/mcp go to the API route layer (lib/adapters/route-layer), which routes
// them with the registry's router (lib/adapters/api-router.ts) and serves them without Next's;
// everything else, and any path it does not recognise, goes to Next — server actions through
// their gate (lib/adapters/actions/action-gate.mjs: only from our own pages, and answered as JSON
// when malformed).
//   PORT, HOST        where to listen (3000; HOST unset: 127.0.0.1 and ::1, so `localhost` is served either way)
//   API_ROUTE_LAYER   on (default), off (Next's router serves the API too), log (on, one line per request it serves)
//   MAX_INFLIGHT_BODY_BYTES  the request bodies served at once, in bytes (32 MiB); past it: 503 with Retry-After
import http from "node:http";
import next from "next";
import { createActionGate, isActionRequest } from "./lib/adapters/actions/action-gate.mjs";
import { defaultBaseUrl, listenHosts } from "./lib/net/listen-address.mjs";
import nextConfig from "./next.config.js";

const port = Number(process.env.PORT ?? 3000);
const hosts = listenHosts();
const host = hosts[0];

/** Methods Next's route handlers can serve; anything else is refused here. */
const SERVED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The body cap (MAX_BODY_BYTES), as next.config.js gives it to server actions. */
const maxBodyBytes = nextConfig.experimental.serverActions.bodySizeLimit;

/**
 * Memory admission: the bytes of request bodies being served at once (their declared length, or the
 * cap for a chunked body, held from arrival until the response ends) stay under this budget, so a
 * burst of large bodies is answered 503 with Retry-After instead of growing the heap past what the
 * instance has (scripts/start.mjs caps it). A request arriving when nothing else is in flight is
 * always admitted, so the largest allowed body is always served.
 */
const inflightBudget = positiveInteger(process.env.MAX_INFLIGHT_BODY_BYTES) ?? 32 * 1024 * 1024;
let inflightBodyBytes = 0;
const OVERLOAD_RETRY_AFTER_SECONDS = 1;
const trustProxy = process.env.TRUST_PROXY === "true";
/** The origin browsers see (lib/config.ts publicBaseUrl, whose default this repeats): the only one whose pages may call server actions. */
const actionGate = createActionGate({ publicBaseUrl: defaultBaseUrl() });

function positiveInteger(value) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Reserves the body's bytes until the response ends; answers 503 and returns false when over the
 * budget. Uploads to the local file store (PUT /api/files/…) stream to disk and hold no body in
 * memory: they are not counted, so slow uploads cannot starve every other request of the budget.
 */
function admitBody(req, res) {
  if (req.method === "PUT" && req.url?.startsWith("/api/files/")) return true;
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const declared = Number(req.headers["content-length"] ?? 0);
  const reserve = chunked ? maxBodyBytes : Math.min(Number.isSafeInteger(declared) && declared > 0 ? declared : 0, maxBodyBytes);
  if (reserve === 0) return true;
  if (inflightBodyBytes > 0 && inflightBodyBytes + reserve > inflightBudget) {
    sendJson(res, 503, "The server is busy with other large requests; retry after Retry-After seconds", {
      "Retry-After": String(OVERLOAD_RETRY_AFTER_SECONDS),
      Connection: "close",
    });
    return false;
  }
  inflightBodyBytes += reserve;
  res.once("close", () => (inflightBodyBytes -= reserve));
  return true;
}

/** A complete request (headers and body) must arrive within these, so slow senders cannot hold connections. */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

function sendJson(res, status, error, headers = {}) {
  const code = { 405: "method_not_allowed", 413: "payload_too_large", 503: "service_unavailable" }[status] ?? "invalid_request";
  const body = JSON.stringify({ error, message: error, code });
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** Whether every %-escape of the path decodes to UTF-8 (Next answers a plain-text 500 otherwise). */
function pathDecodes(url) {
  const path = url.split("?")[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Answers the request when the front must; returns false to hand it to Next. */
function frontGuard(req, res) {
  if (!SERVED.has(req.method)) {
    sendJson(res, 405, `Method ${req.method} is not allowed`, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" });
    return true;
  }
  if (!pathDecodes(req.url ?? "/")) {
    sendJson(res, 400, "The request path is not valid percent-encoded UTF-8");
    return true;
  }
  // Server actions (forms posted before the page's scripts ran included): Next reads their bodies
  // itself and answers one over its cap with a 500, so the cap is applied here, before a byte is
  // read: a declared length (browsers always send one) at most MAX_BODY_BYTES.
  if (isActionRequest(req)) {
    const length = Number(req.headers["content-length"]);
    if (req.headers["content-length"] === undefined || !Number.isSafeInteger(length)) {
      sendJson(res, 411, "Server action requests must declare their Content-Length");
      return true;
    }
    if (length > maxBodyBytes) {
      sendJson(res, 413, `Request body too large: the limit is ${maxBodyBytes} bytes`);
      return true;
    }
  }
  return false;
}

/**
 * Stops the background jobs, waiting for their runs under way (lib/jobs/background-jobs.ts leaves
 * the function on globalThis once start-up has started them; until then there is nothing to stop).
 */
function stopBackgroundJobs() {
  return globalThis[Symbol.for("crm.jobs.stop")]?.() ?? Promise.resolve();
}

/** Writes the request log lines still buffered (lib/services/request-log/writer.ts), if anything was logged. */
function flushRequestLog() {
  const flush = globalThis[Symbol.for("crm.requestLog.flush")];
  return flush ? flush().catch((err) => console.error(err.message)) : Promise.resolve();
}

/**
 * The API route layer's dispatcher, once there is one: start-up (instrumentation.ts, inside Next's
 * server runtime where the TypeScript sources are compiled) leaves its factory on globalThis when
 * it has run, which Next does on the first request. Until then Next serves every request (and makes
 * them wait for start-up, as it does); null when the layer is off or failed to start.
 */
function routeLayer(mode) {
  let dispatch = mode === "off" ? null : undefined;
  return () => {
    if (dispatch !== undefined) return dispatch;
    const create = globalThis[Symbol.for("crm.api.createDispatcher")];
    if (!create) return undefined;
    try {
      dispatch = create({
        hostname: host,
        port,
        log: mode === "log",
      });
      console.log("API route layer on: /api/v1 and /api/mcp are served without Next's router.");
    } catch (err) {
      console.error("API route layer off: Next's router serves /api.", err);
      dispatch = null;
    }
    return dispatch;
  };
}

async function main() {
  const app = next({ dev: false, hostname: host, port, dir: import.meta.dirname });
  const handle = app.getRequestHandler();
  await app.prepare();
  const dispatchApi = routeLayer(process.env.API_ROUTE_LAYER ?? "on");
  const servers = hosts.map(() => createServer(dispatchApi, handle));
  await Promise.all(servers.map((server, i) => listen(server, hosts[i])));
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      // The request log's last lines once the last requests have been answered.
      const closed = Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(flushRequestLog);
      for (const server of servers) server.closeIdleConnections();
      Promise.all([closed, stopBackgroundJobs()]).then(
        () => process.exit(0),
        () => process.exit(1),
      );
      setTimeout(() => process.exit(0), 5_000).unref();
    });
  }
}

/**
 * Listens on one address. Only the second loopback may be missing (a machine without IPv6): that is
 * said and the other serves alone; any other failure ends the start.
 */
function listen(server, address) {
  return new Promise((resolve, reject) => {
    server.once("error", (err) => {
      if (address === "::1" && hosts.length > 1 && (err.code === "EADDRNOTAVAIL" || err.code === "EAFNOSUPPORT")) {
        console.log(`Not listening on [::1]:${port}: this machine has no IPv6 loopback (${err.code}).`);
        resolve(undefined);
      } else reject(err);
    });
    // The Node version in the first line an operator reads: the app runs on the one package.json pins (node_modules/.bin/node).
    server.listen(port, address, () => {
      console.log(`Listening on http://${address.includes(":") ? `[${address}]` : address}:${port} (Node ${process.version})`);
      resolve(undefined);
    });
  });
}

/** One listening socket's server; every address gets the same front, guards and timeouts. */
function createServer(dispatchApi, handle) {
  const server = http.createServer((req, res) => {
    // Without a trusted proxy in front, X-Forwarded-For is whatever the client wrote: dropped here,
    // so that what the app reads (Next and the route layer fill in the socket's address) is the
    // peer's real address — the one the audit log records.
    if (!trustProxy) delete req.headers["x-forwarded-for"];
    if (frontGuard(req, res) || !admitBody(req, res) || dispatchApi()?.(req, res)) return;
    actionGate(req, res, () => handle(req, res));
  });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // Requests the parser refuses (bad syntax, oversized headers) still get a JSON answer.
  server.on("clientError", (err, socket) => {
    if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
    const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const body = JSON.stringify({
      error: status === 431 ? "Request headers too large" : status === 408 ? "Request timeout" : "Malformed HTTP request",
    });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // CONNECT (a proxy tunnel) never reaches the request handler.
  server.on("connect", (req, socket) => {
    const body = JSON.stringify({
      error: "Method CONNECT is not allowed",
      message: "Method CONNECT is not allowed",
      code: "method_not_allowed",
    });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

await main();
