/** What the benchmark scripts share: the runner, percentiles and interleaved latency sampling. */

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
