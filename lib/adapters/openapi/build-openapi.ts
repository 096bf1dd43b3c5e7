import { z } from "zod";
import { maxBodyBytes } from "@/lib/config.ts";
import { MAX_STREAMS_PER_CREDENTIAL } from "@/lib/schemas/events.ts";
import { ERROR_TABLE, type ErrorCode } from "@/lib/errors/error-table.ts";
import { describeScope, FIXED_SCOPES } from "@/lib/oauth/scopes.ts";
import type { HttpBinding, Operation } from "@/lib/operations/define.ts";
import { deprecationNote } from "@/lib/operations/deprecation.ts";
import { takesIdempotencyKey } from "@/lib/operations/idempotency.ts";
import { operationNamed } from "@/lib/operations/registry.ts";
import { EVENT_NAMES, TEST_EVENT } from "@/lib/schemas/event-names.ts";
import { EVENT_PAYLOAD_SCHEMAS, testEventSchema } from "@/lib/services/events/payloads.ts";

type JsonSchema = Record<string, unknown>;

/** Errors any authenticated call may answer with, besides those an operation declares. */
const COMMON_ERRORS: ErrorCode[] = [
  "unauthenticated",
  "invalid_credential",
  "rate_limited",
  "internal",
  "service_unavailable",
  "database_busy",
  "rate_limiter_unavailable",
];

const errorSchema: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: { type: "string", description: "What went wrong; for scope violations the spec's identifier, e.g. errors.apiKeyReadOnly" },
    message: {
      type: "string",
      description: "What went wrong as a sentence for people and agents (equal to `error` when that is already one)",
    },
    code: { type: "string", enum: Object.keys(ERROR_TABLE) },
    details: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
    requestId: { type: "string" },
  },
};

const rateHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed per window for this credential", schema: { type: "integer" } },
  "X-RateLimit-Remaining": {
    description: "Requests that would still be admitted now (limits slide over the last 60 s)",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the bucket is full again", schema: { type: "integer" } },
};

/**
 * The reference's groups (tags) are the spec's path areas: an operation joins its path's leading
 * fixed segment, the generic record paths (`/{object}...`) join records. A new area needs its
 * description here, or the lint test fails (tag-description).
 */
const TAGS: Record<string, string> = {
  objects: "Discover the tenant's objects and their fields.",
  records: "Read, search, create, change, delete and restore the records of any object, one by one or in bulk.",
  data: "Flattened rows for BI, sync and automation, ordered by last change.",
  activities:
    "Tasks, calls, emails, meetings and notes on a record of any object: a record's timeline or the latest activities. " +
    "Governed as the object `activity` (key object scopes, roles; OAuth activities:read, activities:write, activities:delete), " +
    "and only shown on records whose object the caller may read.",
  "line-items":
    "Product lines of an opportunity with exact decimal totals; every write recomputes the opportunity's `amount` in the same transaction.",
  attachments:
    "Files attached to a record of any object, uploaded in three steps: POST /attachments/upload-url answers a signed `uploadUrl` " +
    "(valid 15 minutes, bound to the file's Content-Type and size); the client PUTs the bytes there with exactly the `headers` answered " +
    "(to S3 or to the app's own file store, the same way); POST /attachments registers the file. GET /attachments/{id} answers a signed " +
    "download URL valid 5 minutes; a public URL is never issued. Governed by the record's object: reading needs read, uploading needs " +
    "write, deleting the delete permission. A signed link that is altered, expired or used for another file answers 403 `link_invalid`.",
  imports:
    "CSV imports into any object: POST /{object}/imports takes the file (multipart/form-data, at most IMPORT_MAX_BYTES) or an " +
    "attachment already uploaded, checks and stores it, and answers 202 with the import; a background job writes its rows in batches " +
    "of 500 through the same checks as bulk creates and upserts, exactly once whatever happens to an instance. Poll GET …/imports/{id} " +
    "for the counts, download the failed rows as CSV from its errors_url, cancel before the next batch. Governed by the object: " +
    "importing needs create (and update for upsert), reading needs read.",
  inventory:
    "Stock per product: on hand, reorder level, committed on open opportunities, available, low stock; adjustments with a movement log.",
  "marketing-emails":
    "One marketing email to a contact or lead, with merge fields, an unsubscribe footer and RFC 8058 one-click unsubscribe headers " +
    "(`List-Unsubscribe`, `List-Unsubscribe-Post`). Sent through the SMTP server configured (SMTP_URL), each message at most once; without " +
    "one it is kept, unsent, in Settings → Email. People who unsubscribed (the record's \"Unsubscribed from email\" field, or the company's " +
    "suppression list) are refused with a 400. OAuth: the marketing:send scope and read access to the object; keys must not be read-only; the role must allow updating the " +
    "recipient's object. Past the company's daily cap (EMAIL_DAILY_CAP): 429 with Retry-After.",
  flows:
    "Cadences built in Settings → Flows: ordered email, wait and task steps run for each enrolled contact or lead by a background job, " +
    "each step exactly once. Enroll records, list a flow's enrollments, stop one. Email steps send like marketing email (merge fields, " +
    "unsubscribe footer, the daily cap: a step past it waits for the next day); a reply to a flow's email (POST /api/v1/email/inbound, " +
    "see the README) stops the enrollment. Webhooks receive flow.enrolled, flow.message_sent, flow.step_completed, flow.replied and " +
    "flow.completed (their `meta` is under `webhooks`). OAuth: flows:read, flows:write, with read access to the flow's object.",
  approvals:
    "Approval requests: a record entering its object's approval condition (Settings → Approvals; any write path, bulk items and line " +
    "items included) or submitted by hand gets a pending request, and the fields it locks (or the whole record) refuse changes with a " +
    "400 naming it until an approver decides. Approve or reject as the credential's user (only the request's approvers: 403 otherwise; " +
    "decisions are final: 409). Webhooks receive approval.requested, approval.approved and approval.rejected with the request and its " +
    "subject record. OAuth: approvals:read, approvals:write, with read access to the record's object.",
  webhooks:
    "Subscribe addresses to events (REST hooks) and read their delivery log. Only for people allowed to manage settings. " +
    "What each event delivers is under `webhooks`.",
  events:
    "The tenant's events with the exact payload each webhook delivery carries (record, flow and approval events), kept " +
    "EVENTS_RETENTION_DAYS days (30): a receiver that was down replays them from the last event id it handled (`after`), oldest " +
    "first, and polls with `next_cursor` for what comes next. Paging is stable while writes go on. A credential sees the events of " +
    "records it may read; OAuth tokens also need events:read.",
  "audit-log":
    "Who changed the company's configuration and access, when and from where (user, credential, address), newest first: API keys, " +
    "apps and agent connections, OAuth grants and revocations, webhooks, objects, fields, roles, users, flows and approval processes. " +
    "Each entry is written in the transaction of its change and never holds a secret. Admins only; OAuth tokens need audit:read.",
  "request-log":
    "Every authenticated API and MCP request, newest first, as Stripe's request logs: credential, method, path or MCP tool, status, " +
    "duration, request id, caller address, error code. An error body's `requestId` finds its line. Written in batches off the request " +
    "path, kept REQUEST_LOG_RETENTION_DAYS days (7). Admins only; OAuth tokens need audit:read.",
};

function tagOf(path: string): string {
  const [, first, second] = path.split("/");
  if (first!.startsWith("{")) return second === "imports" ? "imports" : "records";
  return first!;
}

/** Path parameters whose value is an object apiName. */
const OBJECT_NAME_PARAMS = new Set(["object", "apiName"]);

/**
 * The fixed words of the paths at the places where an object parameter stands in another path
 * (`objects`, `data`, `bulk`, `webhooks`, ...). No object may take one as its apiName
 * (RESERVED_OBJECT_NAMES), which is what makes `/objects/{apiName}`, `/data/{object}` and
 * `/{object}/bulk` unambiguous; the object parameters say so with `not`.
 */
function fixedPathWords(operations: Operation[]): string[] {
  const paths = operations.flatMap((op) => (op.http ? [op.http.path.split("/")] : []));
  const objectPlaces = new Set(
    paths.flatMap((segments) => segments.flatMap((s, i) => (OBJECT_NAME_PARAMS.has(s.replace(/^\{(\w+)\}$/, "$1")) ? [i] : []))),
  );
  const words = paths.flatMap((segments) => segments.filter((s, i) => objectPlaces.has(i) && s !== "" && !s.startsWith("{")));
  return [...new Set(words)].sort();
}

/** Shared schemas (those with a meta id) become components; the rest stays inline. */
function toJsonSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const doc = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  // Shared schemas land in $defs; OpenAPI keeps them under components.
  const moved = JSON.parse(JSON.stringify(doc).replaceAll('"#/$defs/', '"#/components/schemas/')) as typeof doc;
  const { $defs, $schema: _ignored, ...rest } = moved;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = def;
  return rest;
}

function objectProperties(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return { properties: (schema.properties as Record<string, JsonSchema>) ?? {}, required: (schema.required as string[]) ?? [] };
}

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of new Set([...codes, ...COMMON_ERRORS])) {
    const e = ERROR_TABLE[code];
    byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), `${e.description} (\`${e.message}\`)`]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, lines]) => [
        String(status),
        {
          description: lines.join("; "),
          headers:
            status === 429
              ? { ...rateHeaders, "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
              : status === 503
                ? { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
                : rateHeaders,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
  );
}

/** Records scopes also come per object (`records:read:contact`); the security requirement can only name the general one. */
function scopeWords(scope: string, pathParams: string[]): string {
  return scope.startsWith("records:") && pathParams.includes("object")
    ? `\`${scope}\`, or \`${scope}:<object>\` for this object alone`
    : `\`${scope}\``;
}

const replacementOf = (name: string | undefined) => (name ? operationNamed(name) : undefined);

/**
 * The body: JSON, and for an operation taking a file (http.upload) also multipart/form-data with the
 * file as binary and the JSON parts encoded as JSON. The JSON form leaves the file out.
 */
function requestBody(http: HttpBinding, body: JsonSchema) {
  const json = `UTF-8 JSON of at most ${maxBodyBytes()} bytes (the server's MAX_BODY_BYTES; larger bodies get 413, bytes that are not UTF-8 a 400). The credential is checked before the body is read.`;
  const upload = http.upload;
  if (!upload) return { required: !http.optionalBody, description: json, content: { "application/json": { schema: body } } };
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  const { [upload.part]: file, ...rest } = properties;
  return {
    required: true,
    description:
      `${json} Or multipart/form-data: the file in the part \`${upload.part}\` (at most ${upload.limitName}, ${upload.maxBytes()} bytes here; ` +
      "larger files get 413), written to a temporary file as it arrives, and the other fields as parts.",
    content: {
      "application/json": { schema: { ...body, properties: rest } },
      "multipart/form-data": {
        schema: { ...body, properties: { ...rest, [upload.part]: { ...file, type: "string", contentMediaType: "text/csv" } } },
        ...(upload.jsonParts?.length
          ? { encoding: Object.fromEntries(upload.jsonParts.map((part) => [part, { contentType: "application/json" }])) }
          : {}),
      },
    },
  };
}

/**
 * The fixed words another path has where `path` has the uuid parameter `name`, when the two paths
 * would otherwise match the same request (`/{object}/{id}/restore` and `/{object}/imports/{id}`):
 * a uuid is never such a word, which its `not` says.
 */
function wordsBesideId(operations: Operation[], path: string, name: string, reserved: string[]): string[] {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const isVar = (s: string) => s.startsWith("{");
  const vars = (list: string[]) => list.filter(isVar).length;
  // A variable takes any word but those an object parameter excludes (fixedPathWords).
  const takes = (v: string, word: string) => !(OBJECT_NAME_PARAMS.has(v.slice(1, -1)) && reserved.includes(word));
  const canMatch = (a: string, b: string) => a === b || (isVar(a) && isVar(b)) || (isVar(a) ? takes(a, b) : isVar(b) && takes(b, a));
  const words = operations.flatMap((op) => {
    const other = op.http?.path.split("/");
    if (!other || other.length !== segments.length || isVar(other[at]!) || vars(other) !== vars(segments)) return [];
    return other.every((s, k) => k === at || canMatch(segments[k]!, s)) ? [other[at]!] : [];
  });
  return [...new Set(words)].sort();
}

function operationObject(op: Operation, components: Record<string, JsonSchema>, reserved: string[], operations: Operation[]) {
  const http = op.http!;
  const pathParams = [...http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const input = objectProperties(toJsonSchema(op.input, "input", components));
  const parameters = Object.entries(input.properties)
    .filter(([name]) => name !== http.body)
    .map(([name, schema]) => {
      const inPath = pathParams.includes(name);
      const { description, ...rest } = schema;
      const besideId = inPath && rest.format === "uuid" ? wordsBesideId(operations, http.path, name, reserved) : [];
      const notReserved =
        inPath && OBJECT_NAME_PARAMS.has(name) ? { not: { enum: reserved } } : besideId.length ? { not: { enum: besideId } } : {};
      return {
        name,
        in: inPath ? "path" : "query",
        required: inPath || input.required.includes(name),
        description,
        schema: { ...rest, ...notReserved },
      };
    });
  if (takesIdempotencyKey(http.method)) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Repeat a request safely: the same key and body within 24 hours return the first response exactly (header Idempotent-Replayed: true); a different body gets 409. " +
        "1 to 255 characters, no control characters.",
      schema: { type: "string", maxLength: 255 },
    } as (typeof parameters)[number]);
  }
  const bodyErrors: ErrorCode[] = http.body ? ["unsupported_media_type", "payload_too_large"] : [];
  const status = String(http.status ?? 200);
  return {
    operationId: op.name,
    summary: op.summary,
    description:
      `${op.description}\n\nRequired scope: ${scopeWords(op.scope, pathParams)}.` +
      (op.deprecated ? `\n\n**${deprecationNote(op.deprecated, replacementOf(op.deprecated.replacement))}**` : ""),
    ...(op.deprecated ? { deprecated: true } : {}),
    tags: [tagOf(http.path)],
    // An API key, or an OAuth token granted the operation's scope (records scopes may also be per object).
    security: [{ bearerAuth: [] }, { oauth2: [op.scope] }],
    parameters,
    ...(http.body ? { requestBody: requestBody(http, input.properties[http.body] ?? {}) } : {}),
    responses: {
      [status]: {
        description: op.summary,
        headers: rateHeaders,
        ...(status === "204"
          ? {}
          : http.produces
            ? { content: { [http.produces]: { schema: { type: "string" } } } }
            : { content: { "application/json": { schema: toJsonSchema(op.output, "output", components) } } }),
      },
      ...errorResponses([...op.errors, ...bodyErrors, ...(takesIdempotencyKey(http.method) ? (["conflict"] as ErrorCode[]) : [])]),
    },
  };
}

const DELIVERY_HEADERS: [string, string][] = [
  ["x-service-event", "The event name"],
  ["x-service-signature", "`sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret as shown (`whsec_...`)"],
  ["x-service-delivery", "The delivery's id (uuid), unique per attempt; a redelivery has a new one"],
  ["x-service-event-id", "The event's id (uuid), the same in every delivery of it, redeliveries included: dedupe by it"],
  ["x-service-timestamp", "When it was sent, in Unix seconds"],
  ["webhook-id", "Standard Webhooks: the delivery's id"],
  ["webhook-timestamp", "Standard Webhooks: when it was sent, in Unix seconds"],
  [
    "webhook-signature",
    "Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's bytes after `whsec_`",
  ],
];

/** The OpenAPI 3.1 `webhooks` section: what each event POSTs to a subscribed address. */
function eventDeliveries(components: Record<string, JsonSchema>) {
  const payloads: Record<string, z.ZodType> = { ...EVENT_PAYLOAD_SCHEMAS, [TEST_EVENT]: testEventSchema };
  return Object.fromEntries(
    [...EVENT_NAMES, TEST_EVENT].map((event) => [
      event,
      {
        post: {
          operationId: `event.${event}`,
          summary: `${event} delivered`,
          description:
            (event === TEST_EVENT
              ? "POSTed to one webhook when someone sends it a test event (POST /webhooks/{id}/test), within 4 seconds, never retried. "
              : "POSTed to every active webhook subscribed to the event, at once and without blocking the change, within 4 seconds, never retried. ") +
            "Verify the signature on the raw body before parsing it, in constant time.",
          tags: ["webhooks"],
          parameters: DELIVERY_HEADERS.map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: toJsonSchema(payloads[event]!, "output", components) } },
          },
          responses: {
            "200": {
              description: "Any 2xx status counts as delivered; anything else, a redirect or no answer within 4 s is logged as a failure",
            },
          },
        },
      },
    ]),
  );
}

/** Apps acting for a user: authorization code with PKCE (S256), see the authorization server metadata. */
function oauthScheme(origin: string) {
  const scopes = {
    ...Object.fromEntries(FIXED_SCOPES.map((s) => [s, describeScope(s)])),
    "records:read:{object}": "Read the records of one object, e.g. records:read:contact",
    "records:write:{object}": "Create and change the records of one object, e.g. records:write:contact",
    "records:delete:{object}":
      "Delete (move to the trash) the records of one object, e.g. records:delete:contact; no other scope allows deleting",
  };
  return {
    type: "oauth2",
    description: `Authorization code with PKCE (S256 required). Metadata: ${origin}/.well-known/oauth-authorization-server`,
    flows: {
      authorizationCode: {
        authorizationUrl: `${origin}/api/oauth/authorize`,
        tokenUrl: `${origin}/api/oauth/token`,
        refreshUrl: `${origin}/api/oauth/token`,
        scopes,
      },
    },
  };
}

/**
 * GET /events/stream (lib/adapters/events-stream.ts): an API path without an operation, since its
 * answer never ends; its parameters are GET /events's own filters.
 */
function eventStreamPath(operations: Operation[], components: Record<string, JsonSchema>) {
  const list = operations.find((op) => op.name === "events.list");
  if (!list) return undefined;
  const listed = operationObject(list, components, [], operations).parameters.filter((p) =>
    ["type", "objectApiName", "after"].includes(p.name),
  );
  return {
    get: {
      operationId: "events.stream",
      // Marks the answer that never ends: the Postman collection leaves it out.
      "x-event-stream": true,
      summary: "Stream events",
      description:
        "Server-Sent Events of the tenant's events as they commit, in the order of GET /events: `id:` the event's id, `event:` its " +
        "type, `data:` the exact payload its webhook deliveries carry. With Last-Event-ID (what a client last received) or `after`, " +
        "the events missed since are sent first, then it goes live; without either it starts live. A comment (`: heartbeat`) every " +
        `15 seconds; the stream ends after an hour, or when the credential is revoked: reconnect with Last-Event-ID. The same access as ` +
        `GET /events. Opening counts once against the rate limit; at most ${MAX_STREAMS_PER_CREDENTIAL} streams per credential at once ` +
        "(more: 429 with Retry-After).\n\nRequired scope: `events:read`.",
      tags: ["events"],
      security: [{ bearerAuth: [] }, { oauth2: ["events:read"] }],
      parameters: [
        ...listed,
        {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description: "The id of the last event received: the stream resumes after it (over `after`)",
          schema: { type: "string", maxLength: 200 },
        },
      ],
      responses: {
        "200": {
          description: "The event stream",
          headers: rateHeaders,
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
        ...errorResponses(["invalid_request", "insufficient_scope", "conflict", "rate_limited"]),
      },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the operation registry and its zod schemas. */
export function buildOpenApi(operations: Operation[], serverUrl: string) {
  const components: Record<string, JsonSchema> = { Error: errorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  const reserved = fixedPathWords(operations);
  for (const op of operations) {
    if (!op.http) continue;
    (paths[op.http.path] ??= {})[op.http.method.toLowerCase()] = operationObject(op, components, reserved, operations);
  }
  const stream = eventStreamPath(operations, components);
  if (stream) paths["/events/stream"] = stream;
  const tags = [...new Set(operations.flatMap((op) => (op.http ? [tagOf(op.http.path)] : [])))].map((name) => ({
    name,
    description: TAGS[name],
  }));
  const origin = serverUrl.replace(/\/api\/v1\/?$/, "");
  return {
    openapi: "3.1.0",
    info: {
      title: "CRM REST API",
      version: "1.0.0",
      description:
        "Generic REST API over every object of the tenant. Authenticate with `Authorization: Bearer <API key>`. " +
        'Every response carries X-RateLimit-* headers; errors are `{"error": "..."}` with the status shown. ' +
        "Validation and business-rule failures are 400, a unique value that another record already holds included (the message names the field); " +
        "409 only for an Idempotency-Key reused with another body or a concurrent schema change.",
      // A private product: the API description is not open source.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      contact: { name: "CRM API reference", url: `${origin}/docs/api` },
    },
    servers: [{ url: serverUrl, description: "This deployment (PUBLIC_BASE_URL)" }],
    // Every operation states its own: an API key, or an OAuth token with the operation's scope.
    security: [{ bearerAuth: [] }, { oauth2: [] }],
    tags,
    paths,
    webhooks: eventDeliveries(components),
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key: `Authorization: Bearer <key>` (OAuth access tokens travel the same way, see oauth2)",
        },
        oauth2: oauthScheme(origin),
      },
    },
  };
}
