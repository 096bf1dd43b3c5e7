/**
 * GET /api/v1/events/stream on the built app, over HTTP: the first bytes arrive at once through the
 * API route layer (an event stream is written chunk by chunk, not held for a second chunk), and a
 * record created through the API arrives as an event. On PostgreSQL, across two instances: an
 * event committed through one instance reaches a stream held on the other, whichever door (the
 * route layer, or Next's catch-all with API_ROUTE_LAYER=off) serves it.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, serverDatabase, startAppServer, useAppServer, type AppServer } from "../helpers/app-server.ts";

interface HttpStream {
  /** The text received so far. */
  text(): string;
  /** Resolves once the text matches, or rejects after `ms`. */
  until(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  close(): void;
}

async function openStream(server: AppServer, key: string): Promise<{ status: number; stream: HttpStream }> {
  const aborted = new AbortController();
  const res = await fetch(`${server.url}/api/v1/events/stream`, {
    headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" },
    signal: aborted.signal,
  });
  let text = "";
  const waiters = new Set<() => void>();
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
      waiters.forEach((w) => w());
    }
  })();
  return {
    status: res.status,
    stream: {
      text: () => text,
      until: (pattern, ms = 10_000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const m = text.match(pattern);
            if (!m) return;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`${pattern} not received within ${ms} ms; got:\n${text}`));
          }, ms);
          waiters.add(check);
          check();
        }),
      close: () => aborted.abort(),
    },
  };
}

async function createContact(server: AppServer, key: string, lastName: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/contact`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ last_name: lastName }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe.skipIf(!hasBuild())("the events stream on the built app", () => {
  const server = useAppServer();

  it("answers its first bytes at once, then each event as it commits, as the feed lists it", async () => {
    const key = server.demoApiKey();
    const { status, stream } = await openStream(server, key);
    try {
      expect(status).toBe(200);
      await stream.until(/^retry: 2000\n/, 2_000);
      const id = await createContact(server, key, "Streamed over HTTP");
      const [, eventId, data] = await stream.until(
        new RegExp(`id: ([0-9a-f-]{36})\\nevent: record\\.created\\ndata: (\\{[^\\n]*"recordId":"${id}"[^\\n]*\\})\\n\\n`),
      );
      const listed = await fetch(`${server.url}/api/v1/events/${eventId}`, { headers: { authorization: `Bearer ${key}` } });
      expect(JSON.stringify(((await listed.json()) as { payload: unknown }).payload)).toBe(data);
    } finally {
      stream.close();
    }
  });
});

describe.skipIf(!hasBuild() || !process.env.DATABASE_URL)("the events stream across two instances (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let a: AppServer;
  let b: AppServer;
  let key: string;

  beforeAll(async () => {
    database = await serverDatabase();
    const env = { ...database.env, AUTH_SECRET: "event-stream-two-instances" };
    a = await startAppServer({ env });
    b = await startAppServer({ env: { ...env, SEED_DEMO: "false", API_ROUTE_LAYER: "off" } });
    key = a.demoApiKey();
  }, 240_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it("sends an event committed through one instance to a stream held on the other, both ways", async () => {
    for (const [writer, holder] of [
      [a, b],
      [b, a],
    ] as const) {
      const { status, stream } = await openStream(holder, key);
      try {
        expect(status).toBe(200);
        await stream.until(/^retry: 2000\n/, 2_000);
        const started = Date.now();
        const id = await createContact(writer, key, `Across ${writer.url}`);
        await stream.until(new RegExp(`"recordId":"${id}"`), 5_000);
        // Woken by the commit notification, not the stream's 2-second poll.
        expect(Date.now() - started).toBeLessThan(1_500);
      } finally {
        stream.close();
      }
    }
    const owner = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await owner.connect();
    try {
      // Both streams closed: their instances no longer ask for notifications.
      const deadline = Date.now() + 5_000;
      let rows = 1;
      while (rows && Date.now() < deadline) {
        rows = Number((await owner.query<{ n: string }>("SELECT count(*) AS n FROM event_stream_tenant")).rows[0]!.n);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows).toBe(0);
    } finally {
      await owner.end();
    }
  });
});
