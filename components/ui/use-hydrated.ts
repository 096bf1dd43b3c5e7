import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False in the server's HTML and until React has hydrated it, true after. A button whose work is a
 * click handler stays disabled until then: clicked in the server's HTML, it did nothing (seen with
 * an import's Cancel on a loaded machine), and a disabled button at least says so.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
