/**
 * What the OpenAPI document tells integrators about records: unique-value conflicts are 400 (409 is
 * only an Idempotency-Key reused with another body or a concurrent schema change), and the one
 * description of how currency values are written.
 */
import { describe, expect, it } from "vitest";
import { GET as openapiRoute } from "@/app/api/v1/openapi.json/route.ts";

interface Doc {
  info: { description: string };
  paths: Record<string, Record<string, { description: string; responses: Record<string, { description: string }> }>>;
  components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> };
}

const openApi = async (): Promise<Doc> =>
  (await (await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })).json()) as Doc;

describe("OpenAPI: records", () => {
  it("documents unique-value conflicts as 400 and keeps 409 for idempotency and schema changes", async () => {
    const doc = await openApi();
    expect(doc.info.description).toContain("a unique value that another record already holds included");
    expect(doc.info.description).toContain("409 only for an Idempotency-Key reused with another body or a concurrent schema change");
    const restore = doc.paths["/{object}/{id}/restore"]!.post!;
    expect(restore.description).toContain("400 naming the field");
    expect(Object.keys(restore.responses)).toEqual(expect.arrayContaining(["400", "409"]));
    expect(restore.responses["409"]!.description).toContain(
      "An Idempotency-Key reused with another body, or a concurrent change (the object's fields, a deadlock)",
    );
  });

  it("describes the currency representation once, on the field's scale", async () => {
    const doc = await openApi();
    const scale = doc.components.schemas.Field!.properties!.scale!.description!;
    expect(scale).toContain('returned as decimal strings with exactly this many, e.g. "48000.00" for a scale of 2');
    expect(JSON.stringify(doc).split("decimal strings with exactly").length - 1).toBe(1);
  });
});
