import { MAX_FILTERS } from "@/lib/schemas/paging.ts";

/** What a list page shows, as its URL says: `?q=&filter=&order=&offset=&view=trash`. */
export interface ListView {
  search: string;
  filters: string[];
  order: string;
  offset: number;
  trash: boolean;
}

/** The API's filter operators, in words. */
export const FILTER_OPERATORS = [
  { value: "eq", label: "is" },
  { value: "neq", label: "is not" },
  { value: "contains", label: "contains" },
  { value: "gt", label: ">" },
  { value: "gte", label: "≥" },
  { value: "lt", label: "<" },
  { value: "lte", label: "≤" },
  { value: "empty", label: "is empty" },
  { value: "not_empty", label: "is not empty" },
] as const;

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));
const many = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Reads the URL leniently: what the API would refuse (a bad filter) is shown as its refusal, not a crash. */
export function parseListView(params: Record<string, string | string[] | undefined>): ListView {
  const offset = Number(one(params.offset));
  return {
    search: one(params.q).slice(0, 200),
    filters: [...new Set(many(params.filter))].slice(0, MAX_FILTERS),
    order: one(params.order).slice(0, 100),
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
    trash: one(params.view) === "trash",
  };
}

function viewQuery(view: ListView): string {
  const q = new URLSearchParams();
  if (view.trash) q.set("view", "trash");
  if (view.search) q.set("q", view.search);
  for (const f of view.filters) q.append("filter", f);
  if (view.order) q.set("order", view.order);
  if (view.offset) q.set("offset", String(view.offset));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const listHref = (object: string, view: ListView): string => `/records/${encodeURIComponent(object)}${viewQuery(view)}`;

/** The CSV of the whole view (every page), as export/route.ts streams it. */
export const exportHref = (object: string, view: ListView): string =>
  `/records/${encodeURIComponent(object)}/export${viewQuery({ ...view, offset: 0 })}`;
