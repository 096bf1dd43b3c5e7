import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { openApiTypes } from "../../packages/crm-cli/src/types.mts";

describe("the SDK's generated types", () => {
  it("are the OpenAPI document's as it is now (npm run sdk:generate writes them)", async () => {
    const committed = readFileSync("packages/sdk/src/openapi.ts", "utf8");
    expect(committed === (await openApiTypes(openApiDocument())), "packages/sdk/src/openapi.ts is stale: npm run sdk:generate").toBe(true);
  });
});
