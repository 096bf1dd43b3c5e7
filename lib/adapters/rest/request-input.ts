import { z } from "zod";
import { AppError, invalid } from "@/lib/errors/app-error.ts";
import type { ApiRequest } from "../api-request.ts";

/** How a query parameter's strings become the JSON type its operation declares. */
type QueryKind = "integer" | "boolean" | "array" | "text";

const kindsBySchema = new WeakMap<z.ZodType, Map<string, QueryKind>>();

/** The declared JSON type of each input key, read from the same JSON Schema the OpenAPI document publishes. */
function queryKinds(schema: z.ZodType): Map<string, QueryKind> {
  let kinds = kindsBySchema.get(schema);
  if (kinds) return kinds;
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, { type?: unknown }> };
  kinds = new Map(
    Object.entries(json.properties ?? {}).map(([key, p]) => [
      key,
      p.type === "integer" || p.type === "boolean" || p.type === "array" ? p.type : "text",
    ]),
  );
  kindsBySchema.set(schema, kinds);
  return kinds;
}

// Digits only: Number() would also accept "1e2", "0x10", " 5" and "", none of which a client means as a count.
const DIGITS = /^[0-9]+$/;

/**
 * One query value as its declared type. A value that does not convert stays a string, so the
 * schema refuses it with the parameter's own sentence. A repeat of a single-valued parameter is
 * refused rather than resolved (first or last wins) because proxies and clients disagree on which counts.
 */
function typed(key: string, kind: QueryKind, value: string | string[]): unknown {
  if (kind === "array") return Array.isArray(value) ? value : [value];
  if (Array.isArray(value)) throw invalid(`${key}: give it once`);
  if (kind === "integer" && DIGITS.test(value)) return Number(value);
  if (kind === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The query string: repeated keys become arrays. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** No name or id holds a control character (U+0000–U+001F, U+007F): a path segment with one names nothing. */
const CONTROL_CHARACTER = new RegExp(`[\\u0000-\\u001f\\u007f]`);

function assertNamesSomething(pathParams: Record<string, string | string[]>): void {
  for (const value of Object.values(pathParams))
    if ([value].flat().some((segment) => CONTROL_CHARACTER.test(segment)))
      throw new AppError("not_found", "Not found: no name or id contains control characters");
}

/**
 * Query and path parameters as the operation's raw input, typed as its schema declares them
 * (the body is read separately, after authentication). Keys the operation does not declare are
 * left as they are, for the schema to drop. Call it after authentication: it may throw a 400, or a
 * 404 for a path parameter that can name nothing (before it reaches a query: PostgreSQL refuses NUL).
 */
export function requestInput(req: ApiRequest, pathParams: Record<string, string | string[]>, schema: z.ZodType): Record<string, unknown> {
  assertNamesSomething(pathParams);
  const kinds = queryKinds(schema);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...queryObject(new URL(req.url)), ...pathParams })) {
    const kind = kinds.get(key);
    out[key] = kind ? typed(key, kind, value) : value;
  }
  return out;
}
