/**
 * The subset of OpenAPI 3.1 the reference page reads. The server narrows the raw document into
 * these shapes once, so client components never touch `unknown` input and props stay
 * JSON-serialisable across the server/client boundary.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** JSON Schema 2020-12 allows `true`/`false` as schemas, so a schema is any JSON value we narrow on use. */
export type JsonSchema = JsonValue;

export type ParameterLocation = "path" | "query";

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface ApiHeader {
  name: string;
  description: string;
  schema: JsonSchema;
}

export interface ApiResponse {
  status: string;
  description: string;
  headers: ApiHeader[];
  schema?: JsonSchema;
}

export interface ApiRequestBody {
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  operationId: string;
  /** Upper case, as shown in badges and sent by fetch. */
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
}

export interface ApiSpec {
  title: string;
  version: string;
  description: string;
  /** servers[0].url as published, for display and curl. */
  serverUrl: string;
  /** Its pathname without a trailing slash: the page calls the API same-origin, whatever the host. */
  basePath: string;
  operations: ApiOperation[];
  /** The document's tags in its order: the reference's pages, one per tag. */
  tags: { name: string; description: string }[];
  schemas: Record<string, JsonSchema>;
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
