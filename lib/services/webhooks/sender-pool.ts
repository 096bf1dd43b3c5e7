/**
 * Runs delivery tasks with two bounds: at most `perInstance` at once in this process and at most
 * `perHost` at once to any one destination host, so a slow or dead receiver holds its own few
 * slots (each for at most the 4-second delivery limit) while every other host keeps flowing.
 * Hosts take turns: a host's waiting tasks start in order, and after one starts its host goes to
 * the back of the line.
 */
export class SenderPool {
  private readonly waiting = new Map<string, (() => Promise<void>)[]>();
  private readonly running = new Map<string, number>();
  private active = 0;
  private queued = 0;
  private readonly drainListeners = new Set<() => void>();

  constructor(private readonly o: { perInstance: number; perHost: number }) {}

  /** Tasks waiting or running. */
  get pending(): number {
    return this.active + this.queued;
  }

  /** Tasks waiting or running for one host. */
  pendingFor(host: string): number {
    return (this.running.get(host) ?? 0) + (this.waiting.get(host)?.length ?? 0);
  }

  /** A task never rejects into the pool: it records its own failures. */
  push(host: string, task: () => Promise<void>): void {
    const line = this.waiting.get(host);
    if (line) line.push(task);
    else this.waiting.set(host, [task]);
    this.queued++;
    this.pump();
  }

  /** Called each time a task ends: the dispatcher claims more once the pool has room again. */
  onTaskEnd(listener: () => void): () => void {
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }

  private pump(): void {
    if (this.active >= this.o.perInstance) return;
    for (const [host, line] of this.waiting) {
      if (this.active >= this.o.perInstance) return;
      if ((this.running.get(host) ?? 0) >= this.o.perHost) continue;
      const task = line.shift()!;
      this.queued--;
      this.waiting.delete(host);
      // Back of the line, if it has more.
      if (line.length) this.waiting.set(host, line);
      this.start(host, task);
    }
  }

  private start(host: string, task: () => Promise<void>): void {
    this.active++;
    this.running.set(host, (this.running.get(host) ?? 0) + 1);
    void task()
      .catch((err: unknown) => console.error(`webhooks: a delivery task failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.active--;
        const n = (this.running.get(host) ?? 1) - 1;
        if (n) this.running.set(host, n);
        else this.running.delete(host);
        this.pump();
        this.drainListeners.forEach((listener) => listener());
      });
  }
}
