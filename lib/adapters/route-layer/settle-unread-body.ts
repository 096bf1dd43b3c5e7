import type { IncomingMessage, ServerResponse } from "node:http";
import { DISCARD_LIMIT_BYTES, discardRest } from "../read-body.ts";

/**
 * Call before writing the answer. A handler may answer without reading the request's body (a
 * 401 or a 405 is decided on the headers); on a keep-alive connection the client's next request
 * comes after that body, so the connection serves again only once the body has been read. It is
 * read and thrown away as a refused body's rest is (read-body.ts, within the same bounds), so the
 * client gets its answer on a healthy connection; a body declared longer than those bounds is not
 * read at all: the answer says `Connection: close`, and the connection ends with it. A body the
 * handler began to read is its own to finish.
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse, body: () => ReadableStream<Uint8Array> | null): void {
  if (req.complete) return;
  if (Number(req.headers["content-length"]) > DISCARD_LIMIT_BYTES) return void res.setHeader("Connection", "close");
  const stream = body();
  if (stream && !stream.locked) discardRest(stream.getReader());
}
