import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ApiRequest } from "../api-request.ts";

/**
 * A Node request as the REST adapter reads it, showing what fetchRequest's Fetch Request shows
 * (the client's headers, the x-forwarded-* Next fills in when absent, the body as a stream) without
 * building Headers, a Request and an AbortSignal for every call: a profile of GET one record put
 * those, and the Response read back in sendResponse, at about 15% of the server's time.
 */
export class NodeApiRequest implements ApiRequest {
  readonly headers: Pick<Headers, "get" | "has">;
  #body: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly url: string,
    hostname: string,
    port: number,
  ) {
    this.headers = new NodeHeaders(req, hostname, port);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined)
      this.#body =
        this.req.method === "GET" || this.req.method === "HEAD" ? null : (Readable.toWeb(this.req) as ReadableStream<Uint8Array>);
    return this.#body;
  }
}

/** Node's parsed headers read as Fetch Headers read them: by lower-case name, repeated values joined with ", ". */
class NodeHeaders implements Pick<Headers, "get" | "has"> {
  constructor(
    private readonly req: IncomingMessage,
    private readonly hostname: string,
    private readonly port: number,
  ) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    const value = this.req.headers[key];
    if (value !== undefined) return Array.isArray(value) ? value.join(", ") : value;
    return this.forwarded(key);
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  /** What Next sets for the handler when the client sent none of these. */
  private forwarded(key: string): string | null {
    if (key === "x-forwarded-host") return this.req.headers.host ?? this.hostname;
    if (key === "x-forwarded-port") return String(this.port);
    if (key === "x-forwarded-proto") return "http";
    if (key === "x-forwarded-for") return this.req.socket.remoteAddress ?? null;
    return null;
  }
}
