/**
 * One Server-Sent Events message: an event (id, event, data), or only an id (a position to resume
 * from, which sets the last event id as EventSource does, and dispatches nothing). Comments are
 * not returned.
 */
export interface SseEvent {
  id: string;
  event: string;
  /** null: a message without data, only its id counts. */
  data: string | null;
}

/**
 * The events of one SSE response body, as they arrive. Ends when the connection ends (or fails:
 * the caller reconnects with the last id it handled).
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = { id: "", event: "message", data: [] as string[] };
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "id") fields.id = value;
        else if (name === "event") fields.event = value;
        else if (name === "data") fields.data.push(value);
      }
      if (fields.data.length || fields.id)
        yield { id: fields.id, event: fields.event, data: fields.data.length ? fields.data.join("\n") : null };
    }
  }
}
