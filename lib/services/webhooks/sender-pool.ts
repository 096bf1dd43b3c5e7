/**
 * Runs delivery tasks with two bounds: at most `perInstance` at once in this process and at most
 * `perHost` at once to any one destination host, so a slow or dead receiver holds its own few
 * slots (each for at most the 4-second delivery limit) while every other host keeps flowing.
 * Hosts take turns: a host's waiting items start in order, and after one starts its host goes to
 * the back of the line.
 */
export class SenderPool<T> {
  private readonly waiting = new Map<string, T[]>();
  private readonly running = new Map<string, number>();
  private active = 0;
  private queued = 0;
  private readonly endListeners = new Set<() => void>();

  constructor(
    private readonly o: { perInstance: number; perHost: number },
    /** Sends one item; it records its own failures and never rejects into the pool. */
    private readonly send: (item: T) => Promise<void>,
  ) {}

  /** Items waiting or running. */
  get pending(): number {
    return this.active + this.queued;
  }

  /** Items waiting or running for one host. */
  pendingFor(host: string): number {
    return (this.running.get(host) ?? 0) + (this.waiting.get(host)?.length ?? 0);
  }

  push(host: string, item: T): void {
    const line = this.waiting.get(host);
    if (line) line.push(item);
    else this.waiting.set(host, [item]);
    this.queued++;
    this.pump();
  }

  /** Removes the items not started yet and returns them (when stopping: they go back to the queue). */
  takeWaiting(): T[] {
    const items = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.queued = 0;
    return items;
  }

  /** Resolves once nothing runs. */
  async idle(): Promise<void> {
    while (this.active) {
      await new Promise<void>((resolve) => {
        const off = this.onTaskEnd(() => {
          off();
          resolve();
        });
      });
    }
  }

  /** Called each time an item ends: the dispatcher claims more once the pool has room again. */
  onTaskEnd(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  private pump(): void {
    if (this.active >= this.o.perInstance) return;
    for (const [host, line] of this.waiting) {
      if (this.active >= this.o.perInstance) return;
      if ((this.running.get(host) ?? 0) >= this.o.perHost) continue;
      const item = line.shift()!;
      this.queued--;
      this.waiting.delete(host);
      // Back of the line, if it has more.
      if (line.length) this.waiting.set(host, line);
      this.start(host, item);
    }
  }

  private start(host: string, item: T): void {
    this.active++;
    this.running.set(host, (this.running.get(host) ?? 0) + 1);
    void this.send(item)
      .catch((err: unknown) => console.error(`webhooks: a delivery task failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.active--;
        const n = (this.running.get(host) ?? 1) - 1;
        if (n) this.running.set(host, n);
        else this.running.delete(host);
        this.pump();
        this.endListeners.forEach((listener) => listener());
      });
  }
}
