/**
 * Query parameters are typed once, in the operation's input: the OpenAPI document publishes the
 * same bounds and defaults the services use, instead of "string or array of strings".
 */
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { DEFAULT_LIMIT, DEFAULT_PAGE_SIZE, MAX_FILTERS, MAX_LIMIT, MAX_OFFSET, MAX_PAGE_SIZE } from "@/lib/schemas/paging.ts";

interface Parameter {
  name: string;
  in: string;
  schema: Record<string, unknown>;
}

function parameters(path: string): Record<string, Record<string, unknown>> {
  const doc = openApiDocument() as unknown as { paths: Record<string, { get: { parameters: Parameter[] } }> };
  return Object.fromEntries(doc.paths[path]!.get.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.schema]));
}

describe("typed query parameters in the OpenAPI document", () => {
  it("GET /{object}: integers with bounds and defaults, a boolean, a bounded repeatable list", () => {
    const p = parameters("/{object}");
    expect(p.limit).toEqual({ type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT });
    expect(p.offset).toEqual({ type: "integer", minimum: 0, maximum: MAX_OFFSET, default: 0 });
    expect(p.trashed).toEqual({ type: "boolean", default: false });
    expect(p.filter).toEqual({ type: "array", items: { type: "string" }, maxItems: MAX_FILTERS, default: [] });
    expect(p.order).toEqual({ type: "string" });
  });

  it("GET /data/{object}: paging integers and date-time bounds", () => {
    const p = parameters("/data/{object}");
    expect(p.page).toEqual({ type: "integer", minimum: 1, maximum: 1_000_000, default: 1 });
    expect(p.pageSize).toEqual({ type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
    expect(p.limit).toEqual({ type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
    expect(p.updated_since).toEqual({ type: "string", format: "date-time" });
    expect(p.created_since).toEqual({ type: "string", format: "date-time" });
  });
});
