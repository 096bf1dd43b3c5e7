/** What the benchmark scripts share: the runner, percentiles and interleaved latency sampling. */
import type { RouteHandler } from "../lib/adapters/route-handler.ts";

/** Runs a benchmark's main and exits: 0 when it finished, 1 (with the error) when it failed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}

export interface Percentiles {
  p50: number;
  p95: number;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length * 0.5)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

/**
 * Sequential latencies of several requests, taken in turns (a, b, a, b, …) so that the machine's
 * slow and fast moments fall on all of them alike. `check` may refuse an answer's body.
 */
export async function interleavedLatencies(
  n: number,
  sends: ((i: number) => Promise<Response>)[],
  check: (body: string) => void = () => undefined,
): Promise<Percentiles[]> {
  const samples: number[][] = sends.map(() => []);
  for (let i = 0; i < n; i++) {
    for (const [k, send] of sends.entries()) {
      const t = performance.now();
      const res = await send(i);
      const body = await res.text();
      samples[k]!.push(performance.now() - t);
      if (!res.ok) throw new Error(`status ${res.status}: ${body.slice(0, 200)}`);
      check(body);
    }
  }
  return samples.map(percentiles);
}

let rpcId = 0;
/** An MCP tools/call as a 2026-07-28 client sends it (stateless: no initialize first), to the server at `base`. */
export function mcpToolCall(base: string, key: string, name: string, args: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: ++rpcId,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  });
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The median time of `runs` in-process GETs of an API route with `query`, and how many items the
 * last answer's `data` held; anything but 200 fails the bench.
 */
export async function timedGet(
  route: RouteHandler,
  url: string,
  auth: string,
  query: Record<string, string>,
  runs = 5,
): Promise<{ ms: number; n: number }> {
  const target = new URL(url);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  const samples: number[] = [];
  let n = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await route(new Request(target, { headers: { authorization: `Bearer ${auth}` } }), { params: Promise.resolve({}) });
    const body = (await res.json()) as { data: unknown[] };
    if (res.status !== 200) throw new Error(`${target.search}: ${res.status} ${JSON.stringify(body)}`);
    samples.push(performance.now() - t);
    n = body.data.length;
  }
  return { ms: median(samples), n };
}
