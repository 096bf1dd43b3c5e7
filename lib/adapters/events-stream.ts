import { assertOperationScope } from "@/lib/auth/access.ts";
import { newRequestId } from "@/lib/ids/uuid-v7.ts";
import { authenticate } from "@/lib/auth/authenticate.ts";
import { credentialFromHeaders, type Credential } from "@/lib/auth/credential.ts";
import { rateLimitKey, type Principal } from "@/lib/auth/principal.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { invalid, isAppError } from "@/lib/errors/app-error.ts";
import { isRateLimitedError } from "@/lib/errors/rate-limited.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { feedAccess } from "@/lib/operations/events/list-events.ts";
import { spendRateLimit } from "@/lib/operations/run-operation.ts";
import type { RateLimitResult } from "@/lib/rate-limit/index.ts";
import { eventFilterSchema } from "@/lib/schemas/events.ts";
import {
  decodeCursor,
  eventsHeldBack,
  FEED_START,
  feedTail,
  positionOf,
  streamAfter,
  type FeedPosition,
  type StreamedEvent,
} from "@/lib/services/events/feed.ts";
import { streamHub } from "@/lib/services/events/stream-hub.ts";
import { takeStreamSlot, type StreamSlot } from "@/lib/services/events/stream-slots.ts";
import { z } from "zod";
import { recordRequest } from "@/lib/services/request-log/writer.ts";
import { peerAddress } from "./rest/client-ip.ts";
import { urlPath } from "./url-path.ts";
import { bearerChallenge, rateLimitHeaders, unauthenticatedAnswer } from "./bearer-challenge.ts";
import { routeMethods } from "./route-methods.ts";

/** A stream ends after this long; the client reconnects with Last-Event-ID and misses nothing. */
const MAX_STREAM_MS = 60 * 60_000;
/** Events per read (and per burst written before the client's pace is awaited). */
const BATCH = 100;
/** The safety net under notifications, and the wait while an older transaction holds events back. */
const POLL_MS = 2_000;
const HELD_BACK_MS = 100;

/** How often a comment keeps proxies from closing an idle stream, and the credential is checked again. */
const heartbeatMs = (): number => {
  const configured = Number(process.env.EVENTS_STREAM_HEARTBEAT_MS);
  return Number.isSafeInteger(configured) && configured >= 100 ? configured : 15_000;
};

/** How long a stream's slot lasts unless its heartbeat refreshes it: a killed instance's slots free themselves. */
const slotSeconds = (): number => Math.max(60, Math.ceil((3 * heartbeatMs()) / 1000));

const streamQuerySchema = z.strictObject({
  type: eventFilterSchema.type,
  objectApiName: eventFilterSchema.objectApiName,
  after: eventFilterSchema.after,
});

function parseQuery(req: Request): z.output<typeof streamQuerySchema> {
  const url = new URL(req.url);
  const raw: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) raw[key] = key === "type" ? url.searchParams.getAll(key) : url.searchParams.get(key);
  return streamQuerySchema.parse(raw);
}

/**
 * The client's position: Last-Event-ID (what it last received) over `after`; else the tail, live,
 * with the id to tell the client first (its Last-Event-ID should it reconnect before any event).
 */
async function startingPosition(principal: Principal, resumeFrom: string | undefined): Promise<{ position: FeedPosition; tell?: string }> {
  return withTenantSql(principal.tenantId, async (tx) => {
    const access = await feedAccess(tx, principal);
    if (resumeFrom === undefined) {
      const tail = await feedTail(tx, principal.tenantId, access);
      return { position: tail.position, tell: tail.cursor };
    }
    const cursor = decodeCursor(resumeFrom);
    if (cursor.direction !== "forward")
      throw invalid("after: a stream resumes from an event id (its SSE id), start, or an oldest-first cursor");
    return { position: cursor.eventId === null ? FEED_START : await positionOf(tx, principal.tenantId, access, cursor.eventId) };
  });
}

/** An error as the API answers it, with the identifier the request log keeps. */
function errorAnswer(err: unknown, requestId: string, limit?: RateLimitResult): { response: Response; code: string } {
  const { status, body, retryAfter } = toErrorBody(err, requestId);
  const headers: Record<string, string> = { "Cache-Control": "no-store", "X-Request-Id": requestId };
  const rate = isRateLimitedError(err) ? err.rateLimit : limit;
  if (rate) Object.assign(headers, rateLimitHeaders(rate));
  const challenge = bearerChallenge("/api/v1", err);
  if (challenge) headers["WWW-Authenticate"] = challenge;
  if (retryAfter !== undefined) headers["Retry-After"] ??= String(retryAfter);
  return { response: Response.json(body, { status, headers }), code: body.code };
}

const frame = (e: StreamedEvent): string => `id: ${e.id}\nevent: ${e.type}\ndata: ${e.payload}\n\n`;

/**
 * GET /api/v1/events/stream: Server-Sent Events of the tenant's events as they commit, in the feed's
 * order (lib/services/events/feed.ts), with the same filters and access as GET /events. Each event
 * is `id:` its id, `event:` its type, `data:` the exact payload its webhook deliveries carry.
 * Last-Event-ID (or `after`) replays what was missed, then goes live; without either it starts
 * live. Woken by the outbox's commit notification (any instance), with a poll beneath it. The open
 * counts once against the credential's rate limit; at most MAX_STREAMS_PER_CREDENTIAL at once across
 * the instances (stream-slots.ts). The credential is checked again at every heartbeat: a revoked
 * key's stream ends.
 */
export async function serveEventStream(req: Request): Promise<Response> {
  const startedAt = performance.now();
  const requestId = newRequestId();
  let credential: Credential;
  let principal: Principal;
  try {
    credential = credentialFromHeaders(req.headers);
    principal = await authenticate(credential);
  } catch (err) {
    const { error, limit } = await unauthenticatedAnswer(req, err);
    return errorAnswer(error, requestId, limit).response;
  }
  const logOpen = (status: number, error: string | null) =>
    recordRequest(principal, { method: "GET", path: urlPath(req.url), status, startedAt, requestId, ip: peerAddress(req.headers), error });
  let limit: RateLimitResult | undefined;
  let slot: StreamSlot;
  let filter: z.output<typeof streamQuerySchema>;
  let position: FeedPosition;
  let tell: string | undefined;
  try {
    assertOperationScope(principal, "events:read");
    filter = parseQuery(req);
    limit = await spendRateLimit(principal);
    ({ position, tell } = await startingPosition(principal, req.headers.get("last-event-id") ?? filter.after));
    // The credential's cap counts its streams on every instance.
    slot = await takeStreamSlot(principal.tenantId, rateLimitKey(principal)?.key ?? `user:${principal.userId}`, slotSeconds());
  } catch (err) {
    const { response, code } = errorAnswer(err, requestId, limit);
    logOpen(response.status, code);
    return response;
  }
  // The request log has the stream's opening (its duration: until the first byte), not its life.
  logOpen(200, null);

  const encoder = new TextEncoder();
  const endsAt = Date.now() + MAX_STREAM_MS;
  let nextBeat = Date.now() + heartbeatMs();
  let woken = false;
  let nudge: (() => void) | undefined;
  const wake = () => {
    woken = true;
    nudge?.();
  };
  let leave: (() => Promise<void>) | undefined;
  let closed = false;
  const close = () => {
    closed = true;
    void slot.release();
    void leave?.();
    leave = undefined;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        nudge = undefined;
        resolve();
      }
      nudge = done;
      req.signal.addEventListener("abort", done, { once: true });
    });

  const read = (): Promise<{ events: StreamedEvent[]; held: boolean }> =>
    withTenantSql(principal.tenantId, async (tx) => {
      const events = await streamAfter(tx, principal.tenantId, await feedAccess(tx, principal), filter, position, BATCH);
      return { events, held: events.length === 0 && (await eventsHeldBack(tx, principal.tenantId, position)) };
    });

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        leave = await streamHub.join(principal.tenantId, wake);
        // Closed while joining: leave at once.
        if (closed) close();
      } catch (err) {
        console.error(`event streams: listening failed (${err instanceof Error ? err.message : String(err)})`);
      }
      // A live start names its position as the last event id (a message without data: no event),
      // so that a client reconnecting before the first event misses none.
      controller.enqueue(encoder.encode(`retry: 2000\n: ${requestId}\n${tell ? `id: ${tell}\n` : ""}\n`));
    },
    async pull(controller) {
      // The client may go away while a read is under way: nothing is written after cancel().
      const end = () => {
        if (closed) return;
        close();
        controller.close();
      };
      try {
        for (;;) {
          if (closed) return;
          if (req.signal.aborted || Date.now() >= endsAt) return end();
          woken = false;
          const { events, held } = await read();
          if (closed) return;
          if (events.length) {
            position = events.at(-1)!.position;
            controller.enqueue(encoder.encode(events.map(frame).join("")));
            return;
          }
          if (Date.now() >= nextBeat) {
            principal = await authenticate(credential);
            await slot.refresh();
            if (closed) return;
            nextBeat = Date.now() + heartbeatMs();
            controller.enqueue(encoder.encode(": heartbeat\n\n"));
            return;
          }
          if (!woken) await sleep(Math.min(held ? HELD_BACK_MS : POLL_MS, Math.max(0, nextBeat - Date.now())));
        }
      } catch (err) {
        // A revoked credential, or the database gone: the stream ends; the client resumes with Last-Event-ID.
        if (!isAppError(err) && !closed)
          console.error(`event streams: a stream ended (${err instanceof Error ? err.message : String(err)})`);
        end();
      }
    },
    cancel() {
      close();
      nudge?.();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      "X-Request-Id": requestId,
      ...(limit ? rateLimitHeaders(limit) : {}),
    },
  });
}

/** Every method of /api/v1/events/stream: GET, and a JSON 405 for the others. */
export const eventStreamRoute = routeMethods({ GET: (req) => serveEventStream(req) });
