/** The query string as the operation's raw input: repeated keys become arrays. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** Path and query parameters, merged into the operation's raw input (the body is read separately, after authentication). */
export function requestParams(req: Request, params: Record<string, string | string[]>): Record<string, unknown> {
  return { ...queryObject(new URL(req.url)), ...params };
}
