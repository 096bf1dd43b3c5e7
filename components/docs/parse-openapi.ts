import {
  isJsonObject,
  type ApiHeader,
  type ApiOperation,
  type ApiParameter,
  type ApiResponse,
  type ApiSpec,
  type JsonObject,
  type JsonValue,
} from "./openapi-types.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Copies the document into plain JSON; anything JSON cannot carry (or a cycle) becomes null. */
function toJson(value: unknown, seen: WeakSet<object> = new WeakSet()): JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "object" || seen.has(value)) return null;
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item: unknown) => toJson(item, seen));
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = toJson(item, seen);
    }
    return out;
  } finally {
    // Shared (non-cyclic) sub-objects are legitimate, e.g. the same headers object on every response.
    seen.delete(value);
  }
}

const obj = (value: JsonValue | undefined): JsonObject => (isJsonObject(value) ? value : {});
const str = (value: JsonValue | undefined, fallback = ""): string => (typeof value === "string" ? value : fallback);

function jsonSchemaOf(content: JsonValue | undefined): JsonValue | undefined {
  const media = obj(content)["application/json"];
  return isJsonObject(media) ? media.schema : undefined;
}

function parseParameters(raw: JsonValue | undefined): ApiParameter[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isJsonObject).flatMap((p): ApiParameter[] => {
    const location = p.in;
    if (location !== "path" && location !== "query") return []; // header/cookie params are not offered by this API
    return [
      {
        name: str(p.name),
        in: location,
        required: location === "path" || p.required === true,
        description: str(p.description),
        schema: p.schema ?? {},
      },
    ];
  });
}

function parseResponses(raw: JsonValue | undefined): ApiResponse[] {
  return Object.entries(obj(raw))
    .filter((entry): entry is [string, JsonObject] => isJsonObject(entry[1]))
    .map(([status, r]) => {
      const headers: ApiHeader[] = Object.entries(obj(r.headers)).map(([name, h]) => ({
        name,
        description: str(obj(h).description),
        schema: obj(h).schema ?? {},
      }));
      const schema = jsonSchemaOf(r.content);
      return { status, description: str(r.description), headers, ...(schema === undefined ? {} : { schema }) };
    })
    .sort((a, b) => a.status.localeCompare(b.status));
}

function parseOperation(path: string, method: string, raw: JsonObject): ApiOperation {
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === "string") : [];
  const body = obj(raw.requestBody);
  const bodySchema = jsonSchemaOf(body.content);
  return {
    operationId: str(raw.operationId, `${method}${path.replace(/[^A-Za-z0-9]+/g, "-")}`),
    method: method.toUpperCase(),
    path,
    summary: str(raw.summary),
    description: str(raw.description),
    tag: tags[0] ?? "other",
    parameters: parseParameters(raw.parameters),
    ...(bodySchema === undefined ? {} : { requestBody: { required: body.required === true, schema: bodySchema } }),
    responses: parseResponses(raw.responses),
  };
}

/** Narrows a raw OpenAPI 3.1 document; missing or malformed parts degrade to empty values instead of throwing. */
export function parseOpenApi(document: unknown): ApiSpec {
  const doc = obj(toJson(document));
  const info = obj(doc.info);
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const serverUrl = str(obj(servers[0]).url, "/");
  let basePath = "";
  try {
    basePath = new URL(serverUrl, "http://placeholder.invalid").pathname.replace(/\/+$/, "");
  } catch {
    basePath = "";
  }

  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) {
      const op = obj(item)[method];
      if (isJsonObject(op)) operations.push(parseOperation(path, method, op));
    }
  }

  const schemas: Record<string, JsonValue> = { ...obj(obj(doc.components).schemas) };
  return {
    title: str(info.title, "API reference"),
    version: str(info.version),
    description: str(info.description),
    serverUrl,
    basePath,
    operations,
    tags: (Array.isArray(doc.tags) ? doc.tags : []).map((t) => ({ name: str(obj(t).name), description: str(obj(t).description) })),
    schemas,
  };
}
