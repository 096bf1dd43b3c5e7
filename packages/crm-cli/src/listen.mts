import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { deliveryHeaders, sessionSecret } from "./sign.mts";
import { sseEvents } from "./sse.mts";

export interface ListenOptions {
  /** The app's origin, e.g. http://localhost:3000. */
  url: string;
  apiKey: string;
  /** Where each event is POSTed, as a webhook delivery. */
  forwardTo: string;
  /** Event types to forward; `flow.*` matches a prefix. Empty: every type. */
  events: string[];
  print(line: string): void;
  signal: AbortSignal;
  /** The pause before reconnecting after the stream dropped. */
  reconnectMs?: number;
}

/** A refusal that reconnecting would only repeat (a bad key, a missing scope, a bad filter). */
export class ListenRefused extends Error {}

const FORWARD_TIMEOUT_MS = 10_000;

const matcher = (patterns: string[]) => (type: string) =>
  !patterns.length || patterns.some((p) => (p.endsWith("*") ? type.startsWith(p.slice(0, -1)) : type === p));

/**
 * `crm listen`: opens the events stream and POSTs each event to the local receiver with the exact
 * headers of a webhook delivery, signed with a secret made for this session (printed at start).
 * One line per event: time, type, id, the receiver's status, milliseconds. An event counts as
 * handled once its forward ended (whatever the receiver answered): the stream is resumed after the
 * last handled event (Last-Event-ID) when the connection drops, so none is lost or sent twice.
 */
export async function listen(o: ListenOptions): Promise<void> {
  const secret = sessionSecret();
  const wanted = matcher(o.events);
  // Exact types go to the server as its filter; patterns are matched here.
  const exact = o.events.length && o.events.every((p) => !p.includes("*")) ? o.events : [];
  let lastEventId: string | undefined;
  let ready = false;
  while (!o.signal.aborted) {
    try {
      const stream = new URL("/api/v1/events/stream", o.url);
      for (const type of exact) stream.searchParams.append("type", type);
      const res = await fetch(stream, {
        headers: {
          authorization: `Bearer ${o.apiKey}`,
          accept: "text/event-stream",
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
        signal: o.signal,
      });
      if (!res.ok || !res.body) {
        const text = await res.text();
        if ([400, 401, 403, 404, 409].includes(res.status)) throw new ListenRefused(`The events stream answered ${res.status}: ${text}`);
        o.print(`The events stream answered ${res.status}; trying again`);
      } else {
        for await (const event of sseEvents(res.body)) {
          // The stream names its position first: from then on nothing is missed, even across reconnects.
          if (!ready) {
            ready = true;
            o.print(`Ready! Forwarding events to ${o.forwardTo}. Your webhook signing secret is ${secret} (^C to quit)`);
          }
          if (event.data !== null && wanted(event.event)) await forward(event.id, event.event, event.data);
          if (event.id) lastEventId = event.id;
        }
      }
    } catch (err) {
      if (o.signal.aborted) return;
      if (err instanceof ListenRefused) throw err;
      o.print(
        `Connection lost (${err instanceof Error ? err.message : String(err)}); resuming${lastEventId ? ` after ${lastEventId}` : ""}`,
      );
    }
    await sleep(o.reconnectMs ?? 1_000, undefined, { signal: o.signal }).catch(() => undefined);
  }

  async function forward(id: string, type: string, data: string): Promise<void> {
    const body = Buffer.from(data, "utf8");
    const headers = deliveryHeaders({ secret, event: type, deliveryId: randomUUID(), eventId: id, sentAt: new Date(), body });
    const started = performance.now();
    let status: string;
    try {
      const res = await fetch(o.forwardTo, { method: "POST", headers, body, signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
      await res.arrayBuffer().catch(() => undefined);
      status = String(res.status);
    } catch (err) {
      status = `error (${err instanceof Error ? err.message : String(err)})`;
    }
    const ms = Math.round(performance.now() - started);
    o.print(`${new Date().toISOString()}  ${type}  ${id}  --> ${status}  ${ms} ms`);
  }
}
