import { query, queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import { recordNavigationOp } from "@/lib/operations/session/record-navigation.ts";
import { recordHref, recordTitle } from "@/components/records/display.ts";

export const metadata = { title: "Search" };

const PER_OBJECT = 5;
const MAX_QUERY = 200;

/** The sidebar's search: records of every object the user may read whose name has words starting with the query's. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "")).trim().slice(0, MAX_QUERY);
  if (!q)
    return (
      <>
        <h1>Search</h1>
        <p className="hint">Type a name in the search box (press / to get there from any page).</p>
      </>
    );
  const objects = (await query(recordNavigationOp, {})).data;
  // The same search as each list's (GET /{object}?search=), one object at a time: a role's objects are a handful.
  const found = await Promise.all(objects.map((o) => queryResult(listRecordsOp, { object: o.apiName, search: q, limit: PER_OBJECT })));
  const groups = objects
    .map((o, i) => ({ object: o, page: found[i] }))
    .filter((g) => g.page?.ok && g.page.data.total > 0)
    .map((g) => ({ object: g.object, page: g.page!.ok ? g.page!.data : { data: [], total: 0 } }));
  return (
    <>
      <h1>Search: “{q}”</h1>
      {groups.length === 0 && <p className="panel">No record&apos;s name has a word starting with “{q}”.</p>}
      {groups.map(({ object, page }) => (
        <section key={object.apiName} className="panel" aria-label={object.pluralLabel}>
          <h2>
            {object.pluralLabel} <span className="hint">({page.total})</span>
          </h2>
          <ul>
            {page.data.map((r) => (
              <li key={r.id}>
                <a href={recordHref(object.apiName, r.id)}>{recordTitle(r)}</a>
              </li>
            ))}
          </ul>
          {page.total > page.data.length && (
            <a href={`/records/${encodeURIComponent(object.apiName)}?${new URLSearchParams({ q })}`}>
              All {page.total} {object.pluralLabel.toLowerCase()} matching “{q}”
            </a>
          )}
        </section>
      ))}
    </>
  );
}
