import type { buildOpenApi } from "./build-openapi.ts";
import { POSTMAN_RUN, RUN_ID_SCRIPT, type RawStep, type RunStep } from "./postman-run.ts";
import { responseSchema, type JsonNode } from "./postman-schemas.ts";
import { rawTests, skipUnlessSaved, stepTests } from "./postman-tests.ts";

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
  parameters: Parameter[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonNode }> }>;
}

interface Located {
  method: string;
  path: string;
  op: OperationObject;
}

const event = (listen: "test" | "prerequest", exec: string[]) => ({ listen, script: { type: "text/javascript", exec } });

function operationsOf(doc: OpenApi): Map<string, Located> {
  const byId = new Map<string, Located>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as OperationObject & { "x-event-stream"?: boolean };
      // A stream never ends, so a collection run (newman) could not go past it.
      if (op["x-event-stream"]) continue;
      byId.set(op.operationId, { method: method.toUpperCase(), path, op });
    }
  return byId;
}

/** The run's variables a step's path names ({{recordId}}…). */
const savedVariables = (step: RunStep): string[] =>
  Object.values(step.path ?? {}).flatMap((value) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));

function operationItem(doc: OpenApi, { method, path, op }: Located, step: RunStep, first: boolean) {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => s.replace(/^\{(\w+)\}$/, ":$1"));
  const param = (where: string) => op.parameters.filter((p) => p.in === where);
  const variable = param("path").map((p) => ({ key: p.name, value: step.path?.[p.name] ?? "", description: p.description }));
  const query = param("query").map((p) => {
    const value = step.query?.[p.name];
    return { key: p.name, value: value ?? "", description: p.description, ...(value === undefined ? { disabled: true } : {}) };
  });
  const header = [
    ...(op.requestBody ? [{ key: "Content-Type", value: "application/json" }] : []),
    ...param("header").map((p) => ({ key: p.name, value: "{{$guid}}", description: p.description, disabled: true })),
  ];
  const [status, response] = Object.entries(op.responses).find(([code]) => code.startsWith("2"))!;
  const schema = responseSchema(doc.components.schemas, response.content?.["application/json"]?.schema);
  const shown = query.filter((q) => !q.disabled).map((q) => `${q.key}=${q.value}`);
  return {
    name: step.name ?? op.summary,
    event: [
      ...(first ? [event("prerequest", RUN_ID_SCRIPT)] : []),
      ...(step.cleanup ? [event("prerequest", skipUnlessSaved(savedVariables(step)))] : []),
      event("test", stepTests(step, Number(status), schema, response.content?.["text/csv"] ? "text/csv" : undefined)),
    ],
    request: {
      method,
      description: op.description,
      header,
      url: {
        raw: `{{baseUrl}}/${segments.join("/")}${shown.length ? `?${shown.join("&")}` : ""}`,
        host: ["{{baseUrl}}"],
        path: segments,
        variable,
        query,
      },
      ...(op.requestBody
        ? { body: { mode: "raw", raw: JSON.stringify(step.body ?? {}, null, 2), options: { raw: { language: "json" } } } }
        : {}),
    },
  };
}

function rawItem({ raw }: RawStep) {
  return {
    name: raw.name,
    event: [event("prerequest", raw.prerequest), event("test", rawTests(raw.expectStatus))],
    request: {
      method: raw.method,
      // A presigned URL carries its own authorization; a bearer header would be refused.
      auth: { type: "noauth" },
      header: [],
      url: raw.url,
      body: { mode: "raw", raw: raw.body },
    },
  };
}

/**
 * Where the collection's webhook sends, until the user sets {{webhookUrl}} to a receiver of theirs:
 * a name under `invalid` (RFC 6761), which the server takes as unresolvable without asking DNS, so
 * the webhook is accepted, its deliveries are logged as dns_failure, and a run with the default
 * reaches nothing outside the server.
 */
export const DEFAULT_WEBHOOK_URL = "https://your-receiver.invalid/crm-webhook";

/**
 * A Postman collection (v2.1) generated from the OpenAPI document: every operation as a request,
 * in the run order of POSTMAN_RUN (grouped by tag), each with tests of its status and of its body
 * against the operation's response schema, saving the ids later requests use. {{baseUrl}},
 * {{apiKey}} and {{webhookUrl}} are collection variables; auth is bearer.
 */
export function postmanCollection(doc: OpenApi) {
  const operations = operationsOf(doc);
  const unplanned = new Set(operations.keys());
  let first = true;
  const folders = POSTMAN_RUN.map(({ name, steps }) => ({
    name,
    item: steps.map((step) => {
      if ("raw" in step) return rawItem(step);
      const located = operations.get(step.operation);
      if (!located) throw new Error(`Postman run: no operation ${step.operation}`);
      unplanned.delete(step.operation);
      const item = operationItem(doc, located, step, first);
      first = false;
      return item;
    }),
  }));
  // A new operation must get its place in the run (with the ids it needs) to be in the collection.
  if (unplanned.size) throw new Error(`Postman run: no step for ${[...unplanned].join(", ")}`);
  return {
    info: {
      name: doc.info.title,
      description:
        `${doc.info.description}\n\nSet the collection variable apiKey to your API key, and webhookUrl to a receiver of ` +
        "yours to see the webhook's deliveries arrive (the default goes nowhere: its deliveries are logged as dns_failure). " +
        "Run the whole collection in order: each request saves the ids the next ones use, and tests its status and its body's shape.",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    auth: { type: "bearer", bearer: [{ key: "token", value: "{{apiKey}}", type: "string" }] },
    variable: [
      { key: "baseUrl", value: doc.servers[0]?.url ?? "", type: "string" },
      { key: "apiKey", value: "", type: "string" },
      { key: "webhookUrl", value: DEFAULT_WEBHOOK_URL, type: "string" },
    ],
    item: folders,
  };
}
