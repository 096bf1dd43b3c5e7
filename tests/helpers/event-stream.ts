import { eventStreamRoute } from "@/lib/adapters/events-stream.ts";

/** One Server-Sent Events frame: an event (id, event, data) or a comment. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The error body when the open was refused. */
  body?: Record<string, unknown>;
  /** The next frame, or a rejection after `timeoutMs`; null once the stream has ended. */
  next(timeoutMs?: number): Promise<Frame | null>;
  /** The next event frames, skipping comments. */
  events(n: number, timeoutMs?: number): Promise<Frame[]>;
  close(): Promise<void>;
}

function parseFrame(block: string): Frame {
  const frame: Frame = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    else if (line.startsWith("id: ")) frame.id = line.slice(4);
    else if (line.startsWith("event: ")) frame.event = line.slice(7);
    else if (line.startsWith("data: ")) frame.data = line.slice(6);
  }
  return frame;
}

/** Opens GET /api/v1/events/stream in-process, as a client would, and reads its frames. */
export async function openEventStream(
  auth: string | undefined,
  o: { lastEventId?: string; query?: Record<string, string | string[]> } = {},
): Promise<OpenStream> {
  const url = new URL("http://localhost/api/v1/events/stream");
  for (const [k, v] of Object.entries(o.query ?? {})) for (const value of [v].flat()) url.searchParams.append(k, value);
  const headers = new Headers({ accept: "text/event-stream" });
  if (auth) headers.set("authorization", `Bearer ${auth}`);
  if (o.lastEventId) headers.set("last-event-id", o.lastEventId);
  const aborted = new AbortController();
  const res = await eventStreamRoute.GET(new Request(url, { headers, signal: aborted.signal }), { params: Promise.resolve({}) });
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, headers: res.headers, body, next: async () => null, events: async () => [], close: async () => {} };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let ended = false;
  const frames: Frame[] = [];
  const next = async (timeoutMs = 10_000): Promise<Frame | null> => {
    const deadline = Date.now() + timeoutMs;
    while (!frames.length) {
      if (ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no frame within the time allowed");
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left))),
      ]);
      clearTimeout(timer);
      if (chunk === "timeout") throw new Error("no frame within the time allowed");
      if (chunk.done) {
        ended = true;
        continue;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        frames.push(parseFrame(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
      }
    }
    return frames.shift()!;
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    events: async (n, timeoutMs = 10_000) => {
      const out: Frame[] = [];
      const deadline = Date.now() + timeoutMs;
      while (out.length < n) {
        const f = await next(Math.max(1, deadline - Date.now()));
        if (!f) break;
        if (f.event) out.push(f);
      }
      return out;
    },
    close: async () => {
      aborted.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}
