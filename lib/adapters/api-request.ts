/**
 * What the API adapters read of a request: its URL, headers and body. A Fetch Request is one (route
 * files under Next's router); the route layer passes a lighter view of the Node request, so a REST
 * call pays for no Headers, AbortSignal or Request object (lib/adapters/route-layer/node-request.ts).
 */
export interface ApiRequest {
  /** The absolute URL, query included. */
  readonly url: string;
  readonly headers: Pick<Headers, "get" | "has">;
  /** Null for GET and HEAD. */
  readonly body: ReadableStream<Uint8Array> | null;
}
