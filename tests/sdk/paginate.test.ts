import { describe, expect, it } from "vitest";
import { nextQuery } from "../../packages/sdk/src/paginate.ts";

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${i}` }));

describe("the SDK's pagination: the next page's query for each way the API pages", () => {
  it("lists: offset by what came, until total", () => {
    expect(nextQuery({ data: items(3), total: 7, limit: 3, offset: 0 }, items(3), { limit: 3 })).toEqual({ limit: 3, offset: 3 });
    expect(nextQuery({ data: items(3), total: 7, limit: 3, offset: 3 }, items(3), { limit: 3, offset: 3 })).toEqual({
      limit: 3,
      offset: 6,
    });
    expect(nextQuery({ data: items(1), total: 7, limit: 3, offset: 6 }, items(1), { limit: 3, offset: 6 })).toBeUndefined();
    // Records deleted meanwhile: an empty page ends it even when total said more.
    expect(nextQuery({ data: [], total: 7, limit: 3, offset: 6 }, [], { offset: 6 })).toBeUndefined();
  });

  it("the data endpoint: the next page number, or offsets when the caller paged so", () => {
    const page = { rows: items(2), page: 1, pageSize: 2, total: 5 };
    expect(nextQuery(page, items(2), { pageSize: 2 })).toEqual({ pageSize: 2, page: 2 });
    expect(nextQuery({ ...page, page: 3 }, items(1), { pageSize: 2, page: 3 })).toBeUndefined();
    expect(nextQuery(page, items(2), { limit: 2, offset: 0 })).toEqual({ limit: 2, offset: 2 });
  });

  it("the events feed: next_cursor as `after` while has_more", () => {
    expect(nextQuery({ data: items(2), next_cursor: "c2", has_more: true }, items(2), { limit: 2 })).toEqual({ limit: 2, after: "c2" });
    // Oldest first the cursor is never null; caught up, has_more is false.
    expect(nextQuery({ data: items(1), next_cursor: "c3", has_more: false }, items(1), { after: "c2" })).toBeUndefined();
    expect(nextQuery({ data: [], next_cursor: null, has_more: false }, [], {})).toBeUndefined();
  });

  it("the request log: next_starting_after; the audit log and deliveries: the last id", () => {
    expect(nextQuery({ data: [], has_more: true, next_starting_after: "w" }, [], {})).toEqual({ starting_after: "w" });
    expect(nextQuery({ data: items(2), has_more: false, next_starting_after: null }, items(2), {})).toBeUndefined();
    expect(nextQuery({ data: items(2), has_more: true }, items(2), { limit: 2 })).toEqual({ limit: 2, starting_after: "id-1" });
    expect(nextQuery({ data: items(2), has_more: false }, items(2), {})).toBeUndefined();
  });
});
