import { describe, expect, it } from "vitest";
import { GET as openapiRoute } from "@/app/api/v1/openapi.json/route.ts";
import { GET as postmanRoute } from "@/app/api/v1/postman-collection.json/route.ts";
import { ERROR_TABLE } from "@/lib/errors/error-table.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { EVENT_NAMES, TEST_EVENT, type EventName } from "@/lib/schemas/event-names.ts";
import { EVENT_PAYLOAD_SCHEMAS, testEventSchema } from "@/lib/services/events/payloads.ts";

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters: { name: string; in: string }[];
        responses: Record<string, { content?: unknown }>;
        requestBody?: unknown;
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
}

describe("OpenAPI document", () => {
  it("documents every public operation with its parameters, responses and errors", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as Doc;
    expect(doc.openapi).toBe("3.1.0");
    for (const op of HTTP_OPERATIONS) {
      const entry = doc.paths[op.http!.path]?.[op.http!.method.toLowerCase()];
      expect(entry, op.name).toBeDefined();
      expect(entry!.operationId).toBe(op.name);
      const pathParams = [...op.http!.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(entry!.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathParams);
      expect(Object.keys(entry!.responses)).toContain(String(op.http!.status ?? 200));
      for (const code of [...op.errors, "unauthenticated", "rate_limited"] as const) {
        expect(Object.keys(entry!.responses), `${op.name} ${code}`).toContain(String(ERROR_TABLE[code].status));
      }
      if (op.http!.body) expect(entry!.requestBody).toBeDefined();
    }
    const list = doc.paths["/{object}"]!.get!;
    expect(list.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["object", "limit", "offset", "search", "order", "filter", "trashed"]),
    );
    expect(doc.paths["/{object}"]!.post!.parameters.map((p) => p.name)).toContain("Idempotency-Key");
    expect(doc.components.schemas).toHaveProperty("Record");
    expect(doc.components.schemas).toHaveProperty("BulkCreateResult");
    expect(JSON.stringify(doc)).not.toContain("#/$defs/");
  });

  it("declares OAuth 2.0 (authorization code) beside the bearer key, with each operation's scope", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as Doc & {
      components: {
        securitySchemes: Record<
          string,
          { type: string; flows?: { authorizationCode: { authorizationUrl: string; tokenUrl: string; scopes: Record<string, string> } } }
        >;
      };
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    };
    const oauth2 = doc.components.securitySchemes.oauth2!;
    expect(oauth2.type).toBe("oauth2");
    expect(oauth2.flows!.authorizationCode.authorizationUrl).toMatch(/\/api\/oauth\/authorize$/);
    expect(oauth2.flows!.authorizationCode.tokenUrl).toMatch(/\/api\/oauth\/token$/);
    expect(Object.keys(oauth2.flows!.authorizationCode.scopes)).toEqual(
      expect.arrayContaining(["records:read", "records:write", "objects:read", "records:read:{object}"]),
    );
    expect(doc.paths["/{object}"]!.get!.security).toEqual([{ bearerAuth: [] }, { oauth2: ["records:read"] }]);
    expect(doc.paths["/objects"]!.get!.security).toEqual([{ bearerAuth: [] }, { oauth2: ["objects:read"] }]);
    expect((doc.paths["/{object}"]!.get! as unknown as { description: string }).description).toContain(
      "Required scope: `records:read`, or `records:read:<object>` for this object alone.",
    );
    // A token without the operation's own scope gets 403 errors.insufficientScope (assertOperationScope:
    // every scope but the records and activities ones, which are refused per object): documented.
    const responses = doc.paths as unknown as Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    for (const op of HTTP_OPERATIONS.filter((o) => !o.scope.startsWith("records:") && !o.scope.startsWith("activities:"))) {
      const forbidden = responses[op.http!.path]![op.http!.method.toLowerCase()]!.responses["403"];
      expect(forbidden?.description, `${op.name} (${op.scope})`).toContain("`errors.insufficientScope`");
    }
  });

  it("documents what each event of the catalog delivers under webhooks, with its headers, and the webhooks:manage scope", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as Doc & {
      webhooks: Record<
        string,
        { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { $ref?: string } }> } } }
      >;
      components: { securitySchemes: { oauth2: { flows: { authorizationCode: { scopes: Record<string, string> } } } } };
    };
    expect(Object.keys(doc.webhooks)).toEqual([...EVENT_NAMES, TEST_EVENT]);
    for (const name of [...EVENT_NAMES, TEST_EVENT]) {
      const post = doc.webhooks[name]!.post;
      expect(post.parameters.map((p) => p.name)).toEqual(
        expect.arrayContaining(["x-service-event", "x-service-signature", "webhook-signature"]),
      );
      const ref = post.requestBody.content["application/json"]!.schema.$ref!;
      expect(ref).toBe(
        `#/components/schemas/${(name === TEST_EVENT ? testEventSchema : EVENT_PAYLOAD_SCHEMAS[name as EventName]).meta()!.id}`,
      );
      expect(doc.components.schemas[ref.split("/").pop()!]).toBeDefined();
    }
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes["webhooks:manage"]).toMatch(/webhooks/);
    expect(doc.paths["/webhooks"]!.post!.operationId).toBe("webhooks.create");
    // The events feed and its stream, which no operation serves (its answer never ends).
    expect(doc.paths["/events"]!.get!.operationId).toBe("events.list");
    expect(doc.paths["/events/stream"]!.get!.operationId).toBe("events.stream");
  });

  it("groups the operations by area under described tags, and names a license and a contact", async () => {
    const doc = (await (
      await openapiRoute(new Request("http://localhost/api/v1/openapi.json"), { params: Promise.resolve({}) })
    ).json()) as Doc & {
      info: { license: { name: string; identifier?: string; url?: string }; contact: { url: string } };
      tags: { name: string; description: string }[];
      security: Record<string, string[]>[];
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    expect(doc.tags.map((t) => t.name)).toEqual([
      "objects",
      "records",
      "data",
      "activities",
      "line-items",
      "attachments",
      "imports",
      "inventory",
      "marketing-emails",
      "flows",
      "approvals",
      "webhooks",
      "events",
      "audit-log",
      "request-log",
    ]);
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\w/);
    const tagOf = (path: string, method: string) => doc.paths[path]![method]!.tags;
    expect(tagOf("/objects/{apiName}", "get")).toEqual(["objects"]);
    expect(tagOf("/{object}/bulk", "post")).toEqual(["records"]);
    expect(tagOf("/data/{object}", "get")).toEqual(["data"]);
    expect(doc.info.license).toEqual({ name: "Proprietary", identifier: "LicenseRef-Proprietary" });
    expect(doc.info.contact.url).toMatch(/\/docs\/api$/);
    expect(doc.security).toEqual([{ bearerAuth: [] }, { oauth2: [] }]);
  });

  it("a Postman collection with baseUrl, apiKey and webhookUrl variables covers the same requests, in a runnable order", async () => {
    const res = await postmanRoute(new Request("http://localhost/api/v1/postman-collection.json"), { params: Promise.resolve({}) });
    expect(res.headers.get("content-disposition")).toContain("postman_collection.json");
    const c = (await res.json()) as {
      info: { schema: string };
      variable: { key: string; value: string }[];
      auth: { type: string; bearer: { value: string }[] };
      item: { name: string; item: { request: { method: string; url: string | { raw: string } } }[] }[];
    };
    expect(c.info.schema).toContain("v2.1.0");
    expect(c.variable.map((v) => v.key)).toEqual(["baseUrl", "apiKey", "webhookUrl"]);
    expect(c.variable[0]!.value).toMatch(/\/api\/v1$/);
    // A placeholder the user replaces, which no server resolves (RFC 6761).
    expect(c.variable[2]!.value).toBe("https://your-receiver.invalid/crm-webhook");
    expect(c.auth).toMatchObject({ type: "bearer", bearer: [{ value: "{{apiKey}}" }] });
    // Every operation at least once (some twice, with the records they need), plus the upload to a presigned URL.
    const requests = c.item.flatMap((f) =>
      f.item.map((i) => `${i.request.method} ${typeof i.request.url === "string" ? i.request.url : i.request.url.raw.split("?")[0]}`),
    );
    expect(new Set(requests).size).toBe(HTTP_OPERATIONS.length + 1);
    expect(requests).toContain("PUT {{uploadUrl}}");
    expect(requests).toContain("GET {{baseUrl}}/:object/:id");
    expect(requests).toContain("POST {{baseUrl}}/:object/bulk");
    expect(requests).toContain("GET {{baseUrl}}/data/:object");
    expect(c.item.map((f) => f.name)).toEqual([
      "objects",
      "records",
      "data",
      "activities",
      "line-items",
      "attachments",
      "imports",
      "inventory",
      "marketing-emails",
      "flows",
      "approvals",
      "webhooks",
      "events",
      "audit-log",
      "request-log",
      "cleanup",
    ]);
  });
});
