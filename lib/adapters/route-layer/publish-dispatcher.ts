import { createApiDispatcher } from "./api-dispatcher.ts";

/**
 * Where server.mjs finds the route layer: globalThis under a registered symbol, since server.mjs
 * is plain JavaScript outside Next's bundles and reaches the app's code only through what start-up
 * (instrumentation.ts, inside Next's server runtime) leaves there.
 */
const KEY: unique symbol = Symbol.for("crm.api.createDispatcher");

export function publishApiDispatcher(): void {
  (globalThis as unknown as { [KEY]?: typeof createApiDispatcher })[KEY] = createApiDispatcher;
}
