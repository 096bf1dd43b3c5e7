import type { buildOpenApi } from "./build-openapi.ts";

type OpenApi = ReturnType<typeof buildOpenApi>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
}

interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: unknown;
}

/** Example values that make a request runnable as soon as the collection is imported. */
const PATH_EXAMPLES: Record<string, string> = { object: "contact", apiName: "contact", id: "<record id>" };
const BODY_EXAMPLES: Record<string, unknown> = {
  "records.create": { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
  "records.update": { job_title: "Engineer" },
  "records.bulkCreate": { records: [{ last_name: "Hopper" }, { last_name: "Curie" }] },
  "records.bulkUpdate": { updates: [{ id: "<record id>", job_title: "Engineer" }] },
};

/**
 * A Postman collection (v2.1) generated from the OpenAPI document: one request per operation,
 * grouped by tag, with {{baseUrl}} and {{apiKey}} collection variables and bearer auth.
 */
export function postmanCollection(doc: OpenApi) {
  const folders = new Map<string, unknown[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as OperationObject;
      const segments = path
        .split("/")
        .filter(Boolean)
        .map((s) => s.replace(/^\{(\w+)\}$/, ":$1"));
      const pathVars = op.parameters
        .filter((p) => p.in === "path")
        .map((p) => ({ key: p.name, value: PATH_EXAMPLES[p.name] ?? "", description: p.description }));
      const query = op.parameters
        .filter((p) => p.in === "query")
        .map((p) => ({ key: p.name, value: "", description: p.description, disabled: true }));
      const headers = [
        ...(op.requestBody ? [{ key: "Content-Type", value: "application/json" }] : []),
        ...op.parameters
          .filter((p) => p.in === "header")
          .map((p) => ({ key: p.name, value: "{{$guid}}", description: p.description, disabled: true })),
      ];
      const item = {
        name: op.summary,
        request: {
          method: method.toUpperCase(),
          description: op.description,
          header: headers,
          url: { raw: `{{baseUrl}}/${segments.join("/")}`, host: ["{{baseUrl}}"], path: segments, variable: pathVars, query },
          ...(op.requestBody
            ? {
                body: {
                  mode: "raw",
                  raw: JSON.stringify(BODY_EXAMPLES[op.operationId] ?? {}, null, 2),
                  options: { raw: { language: "json" } },
                },
              }
            : {}),
        },
      };
      const tag = op.tags[0] ?? "api";
      folders.set(tag, [...(folders.get(tag) ?? []), item]);
    }
  }
  return {
    info: {
      name: doc.info.title,
      description: `${doc.info.description}\n\nSet the collection variable apiKey to your API key.`,
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    auth: { type: "bearer", bearer: [{ key: "token", value: "{{apiKey}}", type: "string" }] },
    variable: [
      { key: "baseUrl", value: doc.servers[0]?.url ?? "", type: "string" },
      { key: "apiKey", value: "", type: "string" },
    ],
    item: [...folders].map(([name, items]) => ({ name, item: items })),
  };
}
