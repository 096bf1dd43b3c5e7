import { redirect } from "next/navigation";
import { query, queryResult } from "@/lib/adapters/actions/session-operation.ts";
import { listFlowsOp } from "@/lib/operations/flows/manage-flows.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import { objectAccessOp } from "@/lib/operations/session/object-access.ts";
import { isComputedField } from "@/lib/schemas/fields.ts";
import { listColumns, recordHref, recordTitle, titleFields } from "@/components/records/display.ts";
import { FieldValue } from "@/components/records/field-value.tsx";
import { lookupTitles, titleOf } from "@/components/records/lookup-titles.ts";
import { RecordTable } from "@/components/records/record-table.tsx";
import { enrollSelectedAction, restoreSelectedAction, trashSelectedAction } from "./list-actions.ts";
import { exportHref, FILTER_OPERATORS, listHref, parseListView, type ListView } from "./list-view.ts";

export async function generateMetadata({ params }: { params: Promise<{ object: string }> }) {
  return { title: (await params).object };
}

const PAGE_SIZE = 25;

/**
 * An object's records: search, the API's filters and order, paging with the exact total, create,
 * bulk trash and bulk enrollment in a flow; and the trash, where records are restored. It runs records.list like GET /{object}.
 */
export default async function RecordListPage({
  params,
  searchParams,
}: {
  params: Promise<{ object: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { object } = await params;
  const raw = await searchParams;
  const view = parseListView(raw);
  // "Add filter" submits its three inputs; the list's own URL keeps filters as the API writes them.
  const added =
    typeof raw.f_field === "string" && raw.f_field
      ? `${raw.f_field}:${raw.f_op ?? "eq"}${raw.f_op === "empty" || raw.f_op === "not_empty" ? "" : `:${raw.f_value ?? ""}`}`
      : null;
  if (added) redirect(listHref(object, { ...view, filters: [...view.filters, added], offset: 0 }));

  const [description, access] = await Promise.all([query(describeObjectOp, { apiName: object }), query(objectAccessOp, { object })]);
  const page = await queryResult(listRecordsOp, {
    object,
    limit: PAGE_SIZE,
    offset: view.offset,
    search: view.search || undefined,
    order: view.order || undefined,
    filter: view.filters,
    trashed: view.trash,
  });
  // Contacts and leads can be enrolled in the object's active flows, by people who may update them.
  const listed = access.update && !view.trash ? await queryResult(listFlowsOp, {}) : null;
  const flows = listed?.ok ? listed.data.data.filter((f) => f.objectApiName === object && f.status === "active") : [];
  const columns = listColumns(description.fields);
  // Lookups are shown by the name of the record they point at (one query per target object).
  const titles = page.ok ? await lookupTitles(columns, page.data.data) : {};
  const filterable = description.fields.filter((f) => !isComputedField(f));
  const href = (change: Partial<ListView>) => listHref(object, { ...view, ...change });
  const sortLink = (field: string) => {
    const next = view.order === `${field}:asc` ? `${field}:desc` : `${field}:asc`;
    const arrow = view.order === `${field}:asc` ? " ▲" : view.order === `${field}:desc` ? " ▼" : "";
    return { href: href({ order: next, offset: 0 }), arrow };
  };
  // The Name column orders by the first field the name is made of (name, or first name).
  const [nameField] = titleFields(description.fields);
  const nameSort = nameField ? sortLink(nameField) : null;

  return (
    <>
      <div className="row spread">
        <h1>
          {description.pluralLabel}
          {view.trash && " — trash"}
        </h1>
        <div className="row">
          {/* The view as it is filtered and ordered, every page of it (export/route.ts). */}
          <a href={exportHref(object, view)} download>
            Export CSV
          </a>
          {view.trash ? (
            <a href={href({ trash: false, offset: 0 })}>Back to {description.pluralLabel.toLowerCase()}</a>
          ) : (
            <a href={href({ trash: true, offset: 0 })}>Trash</a>
          )}
          {access.create && !view.trash && <a href={`/records/${encodeURIComponent(object)}/import`}>Import CSV</a>}
          {access.create && !view.trash && (
            <a className="button" href={`/records/${object}/new`}>
              New {description.label.toLowerCase()}
            </a>
          )}
        </div>
      </div>

      <section className="panel stack" aria-label="Search and filters">
        <form method="get" className="row" role="search">
          {view.trash && <input type="hidden" name="view" value="trash" />}
          {view.order && <input type="hidden" name="order" value={view.order} />}
          {view.filters.map((f) => (
            <input key={f} type="hidden" name="filter" value={f} />
          ))}
          <label>
            Search
            <input name="q" type="search" defaultValue={view.search} placeholder="Name starts with…" />
          </label>
          <button type="submit">Search</button>
        </form>
        {view.filters.length > 0 && (
          <ul className="chips" aria-label="Filters">
            {view.filters.map((f) => (
              <li key={f}>
                <code>{f}</code>{" "}
                <a href={href({ filters: view.filters.filter((x) => x !== f), offset: 0 })} aria-label={`Remove filter ${f}`}>
                  ×
                </a>
              </li>
            ))}
          </ul>
        )}
        <form method="get" className="row" aria-label="Add filter">
          {view.trash && <input type="hidden" name="view" value="trash" />}
          {view.search && <input type="hidden" name="q" value={view.search} />}
          {view.order && <input type="hidden" name="order" value={view.order} />}
          {view.filters.map((f) => (
            <input key={f} type="hidden" name="filter" value={f} />
          ))}
          <label>
            Field
            <select name="f_field" defaultValue="">
              <option value="">—</option>
              {filterable.map((f) => (
                <option key={f.apiName} value={f.apiName}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Operator
            <select name="f_op" defaultValue="eq">
              {FILTER_OPERATORS.map((op) => (
                <option key={op.value} value={op.value}>
                  {op.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Value
            <input name="f_value" />
          </label>
          <button type="submit" className="secondary">
            Add filter
          </button>
        </form>
      </section>

      {!page.ok ? (
        <p role="alert" className="error">
          {page.details?.map((d) => `${d.path}: ${d.message}`).join("; ") || page.error}
        </p>
      ) : page.data.total === 0 ? (
        <section className="panel">
          <p className="hint">
            {view.trash
              ? "The trash is empty."
              : view.search || view.filters.length
                ? "No record matches."
                : `No ${description.pluralLabel.toLowerCase()} yet.`}
          </p>
        </section>
      ) : (
        <section className="panel stack">
          <RecordTable
            label={`${description.pluralLabel}${view.trash ? " in the trash" : ""}`}
            columns={[
              nameSort ? (
                <a key="name" href={nameSort.href}>
                  Name{nameSort.arrow}
                </a>
              ) : (
                "Name"
              ),
              ...columns.map((c) => {
                const s = sortLink(c.apiName);
                return (
                  <a key={c.apiName} href={s.href}>
                    {c.label}
                    {s.arrow}
                  </a>
                );
              }),
            ]}
            rows={page.data.data.map((r) => ({
              id: r.id,
              title: recordTitle(r),
              cells: [
                view.trash ? recordTitle(r) : <a href={recordHref(object, r.id)}>{recordTitle(r)}</a>,
                ...columns.map((c) => (
                  <FieldValue key={c.apiName} field={c} value={r[c.apiName]} label={titleOf(titles, c, r[c.apiName])} />
                )),
              ],
            }))}
            bulk={
              view.trash
                ? access.update
                  ? [{ action: restoreSelectedAction.bind(null, object), label: "Restore selected" }]
                  : undefined
                : [
                    ...(access.delete
                      ? [
                          {
                            action: trashSelectedAction.bind(null, object),
                            label: "Move selected to trash",
                            confirm: "Move {n} records to the trash? They can be restored from the trash.",
                            danger: true,
                          },
                        ]
                      : []),
                    ...(flows.length
                      ? [
                          {
                            action: enrollSelectedAction.bind(null, object),
                            label: "Enroll selected in flow",
                            choice: { name: "flowId", label: "Flow", options: flows.map((f) => ({ value: f.id, label: f.name })) },
                          },
                        ]
                      : []),
                  ]
            }
          />
          <nav className="row spread" aria-label="Pages">
            <span>
              {page.data.offset + 1}–{page.data.offset + page.data.data.length} of {page.data.total}
            </span>
            <span className="row">
              {view.offset > 0 && <a href={href({ offset: Math.max(0, view.offset - PAGE_SIZE) })}>← Previous</a>}
              {view.offset + PAGE_SIZE < page.data.total && <a href={href({ offset: view.offset + PAGE_SIZE })}>Next →</a>}
            </span>
          </nav>
        </section>
      )}
    </>
  );
}
