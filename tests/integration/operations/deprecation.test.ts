/**
 * Deprecation, shown with test-only operations (the registry has none deprecated today): every
 * answer carries Deprecation (RFC 9745), Sunset (RFC 8594) and Link headers, errors included; the
 * OpenAPI operation is `deprecated: true` with the note; the MCP tool's description says so. The
 * registry's own deprecations must be well-formed.
 */
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/adapters/openapi/build-openapi.ts";
import { toolDefinition } from "@/lib/adapters/mcp/mcp-server.ts";
import { toolInput } from "@/lib/adapters/mcp/tool-arguments.ts";
import { restCall } from "@/lib/adapters/rest/rest-handler.ts";
import { defineOperation, READS, type Operation } from "@/lib/operations/define.ts";
import { deprecationProblems, MIN_DEPRECATION_DAYS } from "@/lib/operations/deprecation.ts";
import { HTTP_OPERATIONS, OPERATIONS, operationNamed } from "@/lib/operations/registry.ts";
import { assertObjectAccess } from "@/lib/auth/access.ts";
import { createTestKey, createTestTenant } from "../../helpers/fixtures.ts";

const legacyDescribe = defineOperation({
  name: "test.legacyDescribe",
  summary: "Describe an object (old path)",
  description: "The old path of objects.describe.",
  scope: "objects:read",
  http: { method: "GET", path: "/legacy-objects/{apiName}" },
  mcp: { tool: "legacy_describe", title: "Describe (old)", description: "Describes an object.", annotations: READS },
  deprecated: { since: "2026-12-01", sunset: "2027-06-01", replacement: "objects.describe" },
  input: z.object({ apiName: z.string().max(64) }),
  output: z.object({ apiName: z.string() }),
  errors: ["not_found"],
  authorize: (p, input) => assertObjectAccess(p, input.apiName, "read"),
  run: async (_ctx, input) => ({ apiName: input.apiName }),
});

describe("a deprecated operation", () => {
  let key = "";
  beforeAll(async () => {
    key = (await createTestKey(await createTestTenant("deprecation"))).secret;
  });
  const call = (auth: string | null, apiName = "contact") =>
    restCall(legacyDescribe as Operation)(
      new Request(`http://localhost/api/v1/legacy-objects/${apiName}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} }),
      { apiName },
    );

  it("answers with Deprecation, Sunset and a Link to the policy and to its successor, on success and on error alike", async () => {
    const ok = await call(key);
    expect(ok.status).toBe(200);
    expect(ok.headers.Deprecation).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(ok.headers.Sunset).toBe("Tue, 01 Jun 2027 00:00:00 GMT");
    expect(ok.headers.Link).toMatch(
      /^<https?:\/\/[^>]+\/docs\/guides\/versioning>; rel="deprecation"; type="text\/markdown", <https?:\/\/[^>]+\/api\/v1\/objects\/contact>; rel="successor-version"$/,
    );
    const refused = await call(null);
    expect(refused.status).toBe(401);
    expect(refused.headers.Sunset).toBe(ok.headers.Sunset);
    // An operation that is not deprecated says nothing of the kind.
    const current = await restCall(operationNamed("objects.describe")!)(
      new Request("http://localhost/api/v1/objects/contact", { headers: { authorization: `Bearer ${key}` } }),
      { apiName: "contact" },
    );
    expect(current.status).toBe(200);
    expect(current.headers.Deprecation).toBeUndefined();
  });

  it("is deprecated: true in OpenAPI, with the note in its description", () => {
    const doc = buildOpenApi([...HTTP_OPERATIONS, legacyDescribe as Operation], "http://localhost/api/v1") as unknown as {
      paths: Record<string, Record<string, { deprecated?: boolean; description: string }>>;
    };
    const op = doc.paths["/legacy-objects/{apiName}"]!.get!;
    expect(op.deprecated).toBe(true);
    expect(op.description).toContain(
      "Deprecated since 2026-12-01; it may be removed after 2027-06-01. Use GET /objects/{apiName} (tool describe_object) instead.",
    );
    expect(doc.paths["/objects/{apiName}"]!.get!.deprecated).toBeUndefined();
  });

  it("says so in its MCP tool's description", () => {
    const op = legacyDescribe as Operation;
    expect(toolDefinition(op, toolInput(op)).description).toBe(
      "Describes an object. Deprecated since 2026-12-01; it may be removed after 2027-06-01. Use GET /objects/{apiName} (tool describe_object) instead.",
    );
  });

  it("must be well-formed: ISO days, a sunset at least the policy's days after, a replacement that exists", () => {
    expect(OPERATIONS.flatMap((op) => deprecationProblems(op, operationNamed))).toEqual([]);
    expect(deprecationProblems(legacyDescribe as Operation, operationNamed)).toEqual([]);
    const bad = (deprecated: Operation["deprecated"]) =>
      deprecationProblems({ ...(legacyDescribe as Operation), deprecated }, operationNamed);
    expect(bad({ since: "2026-12-01", sunset: "2027-01-01" })).toEqual([
      `test.legacyDescribe: the sunset must be at least ${MIN_DEPRECATION_DAYS} days after since`,
    ]);
    expect(bad({ since: "December", sunset: "2027-06-01" })).toEqual(["test.legacyDescribe: since and sunset must be ISO days"]);
    expect(bad({ since: "2026-12-01", sunset: "2027-06-01", replacement: "objects.nope" })).toEqual([
      "test.legacyDescribe: replacement objects.nope is not an operation",
    ]);
  });
});
