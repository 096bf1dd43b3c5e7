/** The item of a page: `data` of lists, the events feed and the logs; `rows` of the data endpoint. */
export type ItemOf<Page> = Page extends { data: (infer T)[] } ? T : Page extends { rows: (infer R)[] } ? R : never;

type Query = Record<string, unknown>;
type Page = Record<string, unknown>;

/**
 * The query of the page after `page`, or undefined after the last. The API pages four ways:
 * - the events feed: `next_cursor` (passed as `after`) while `has_more`;
 * - the request log: `next_starting_after` (it may skip a window with nothing of yours);
 * - the audit log and webhook deliveries: `has_more`, and the last item's id as `starting_after`;
 * - lists (`total`, `offset`) and the data endpoint (`total`, `page`, `pageSize`, or `offset` when asked so).
 */
export function nextQuery(page: Page, items: unknown[], query: Query): Query | undefined {
  if ("next_cursor" in page) return page.has_more && page.next_cursor ? { ...query, after: page.next_cursor } : undefined;
  if ("next_starting_after" in page)
    return page.has_more && page.next_starting_after ? { ...query, starting_after: page.next_starting_after } : undefined;
  if ("has_more" in page) {
    const last = items.at(-1) as { id?: unknown } | undefined;
    return page.has_more && typeof last?.id === "string" ? { ...query, starting_after: last.id } : undefined;
  }
  const total = Number(page.total);
  if (!items.length || !Number.isFinite(total)) return undefined;
  if ("page" in page && !("offset" in query)) {
    const size = Number(page.pageSize);
    return Number(page.page) * size < total ? { ...query, page: Number(page.page) + 1 } : undefined;
  }
  const offset = Number(query.offset ?? page.offset ?? 0) + items.length;
  return offset < total ? { ...query, offset } : undefined;
}

type Get = (path: string, init?: object) => Promise<unknown>;

/** Walks the pages of one GET with `get`, yielding their items; the first page's query is the caller's. */
export async function* paginate(get: Get, path: string, init: { params?: { query?: Query } } = {}): AsyncGenerator<unknown> {
  let query: Query | undefined = { ...init.params?.query };
  while (query) {
    const page = (await get(path, { ...init, params: { ...init.params, query } })) as Page;
    const items = Array.isArray(page.data) ? page.data : Array.isArray(page.rows) ? page.rows : undefined;
    if (!items) throw new TypeError(`GET ${path} does not answer pages`);
    yield* items;
    query = nextQuery(page, items, query);
  }
}
