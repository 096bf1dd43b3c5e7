import { listenFor } from "@/lib/db/notify.ts";

/**
 * Wakes a job at once when work for it commits in any instance (NOTIFY on `channel`; PGlite's
 * arrive in-process): the returned function, awaited at the start of each run, starts listening
 * the first time (and again after a failure to). `also` sets up further wake-ups beside it. The
 * job's interval stays the safety net for a notification lost with a connection.
 */
export function notifyWaker(channel: string, wake: () => void, also?: () => void): () => Promise<void> {
  let listening: Promise<void> | undefined;
  return () => {
    listening ??= (async () => {
      await listenFor(channel, wake);
      also?.();
    })().catch((err: unknown) => {
      listening = undefined;
      throw err;
    });
    return listening;
  };
}
