/** `crm events list|get|resend`: the events API (GET /api/v1/events, /events/{id}, POST /webhooks/{id}/resend) from the shell. */
export interface ApiOptions {
  url: string;
  apiKey: string;
}

async function request(o: ApiOptions, path: string, query: [string, string][] = [], body?: unknown): Promise<unknown> {
  const url = new URL(`/api/v1${path}`, o.url);
  for (const [k, v] of query) url.searchParams.append(k, v);
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${o.apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

interface Page {
  data: { id: string; type: string; objectApiName: string | null; recordId: string | null; created_at: string }[];
  next_cursor: string | null;
  has_more: boolean;
}

/** One line per event, newest first (or after `after`, oldest first), then the cursor for the next page. */
export async function listEvents(o: ApiOptions, q: { types: string[]; limit?: string; after?: string }, print: (line: string) => void) {
  const query: [string, string][] = q.types.map((t) => ["type", t]);
  if (q.limit) query.push(["limit", q.limit]);
  if (q.after) query.push(["after", q.after]);
  const page = (await request(o, "/events", query)) as Page;
  for (const e of page.data) print(`${e.created_at}  ${e.type}  ${e.id}  ${e.objectApiName ?? "-"}/${e.recordId ?? "-"}`);
  if (page.has_more && page.next_cursor) print(`More: crm events list --after ${page.next_cursor}`);
}

/** The event as JSON, its payload exactly as webhooks are sent it. */
export async function getEvent(o: ApiOptions, id: string, print: (line: string) => void) {
  print(JSON.stringify(await request(o, `/events/${encodeURIComponent(id)}`), null, 2));
}

/** Sends the event to a webhook again (POST /webhooks/{id}/resend): a new delivery, in its log. */
export async function resendEvent(o: ApiOptions, id: string, webhookId: string, print: (line: string) => void) {
  const delivery = (await request(o, `/webhooks/${encodeURIComponent(webhookId)}/resend`, [], { event_id: id })) as { id: string };
  print(`Resent ${id} to webhook ${webhookId}: delivery ${delivery.id}`);
}
