/**
 * Tool schemas every host takes. MCP hosts hand tool schemas to models whose function-calling
 * accepts a subset of JSON Schema, the strictest being OpenAI's strict mode: a short list of
 * keywords and formats, every object closed (`additionalProperties: false`) and every property
 * required (an optional one is nullable instead). The MCP Inspector also flags `type` arrays and
 * schemas that constrain nothing. Arguments are listed in that subset; the operation's own schema
 * still validates the values (and gives REST's messages), so a constraint left out here is kept.
 */
import { FIELD_VALUE_PAIRS } from "@/lib/schemas/field-value-pairs.ts";

type JsonSchema = Record<string, unknown>;

/** The string formats the strict subsets know. */
export const PORTABLE_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** The keywords the strict subsets accept in a tool's input schema. */
export const PORTABLE_KEYWORDS = new Set([
  "type",
  "description",
  "title",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "pattern",
  "format",
]);

const isObject = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);

/** Any JSON value, typed: what an output's open value (a record's fields) is listed as. */
const ANY_VALUE: JsonSchema = {
  anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "null" }, { type: "array" }, { type: "object" }],
};

/** What a dropped keyword said, kept for the model in the description. */
function droppedWords(node: JsonSchema): string[] {
  const words: string[] = [];
  const { minLength, maxLength } = node as { minLength?: number; maxLength?: number };
  if (maxLength !== undefined) words.push(minLength ? `${minLength} to ${maxLength} characters` : `at most ${maxLength} characters`);
  else if (minLength) words.push(`at least ${minLength} characters`);
  if (node.default !== undefined && node.default !== null) words.push(`default ${JSON.stringify(node.default)}`);
  return words;
}

function withWords(description: unknown, words: string[]): string | undefined {
  const text = typeof description === "string" ? description : "";
  const missing = words.filter((w) => !text.toLowerCase().includes(w.toLowerCase()));
  if (!missing.length) return text || undefined;
  return text ? `${text} (${missing.join("; ")})` : missing.join("; ");
}

const nullable = (schema: JsonSchema): JsonSchema => {
  const { description, ...rest } = schema;
  if (Array.isArray(rest.anyOf) && rest.anyOf.some((b) => isObject(b) && b.type === "null")) return schema;
  return { anyOf: [rest, { type: "null" }], ...(description === undefined ? {} : { description }) };
};

/** Whether a schema takes null as it stands. */
export const acceptsNull = (schema: unknown): boolean =>
  isObject(schema) &&
  (schema.type === "null" ||
    (Array.isArray(schema.type) && schema.type.includes("null")) ||
    (Array.isArray(schema.anyOf) && schema.anyOf.some(acceptsNull)));

/** Whether a schema is a map (an object of any keys): field values, which the strict subset lists as pairs. */
export const isMap = (schema: unknown): boolean =>
  isObject(schema) && schema.type === "object" && !isObject(schema.properties) && schema.additionalProperties !== false;

/** One input schema node in the strict subset. */
export function portableInput(node: unknown): JsonSchema {
  if (!isObject(node) || Object.keys(node).length === 0) throw new Error("a tool argument without a type cannot be listed portably");
  if (isMap(node)) return { ...FIELD_VALUE_PAIRS, ...(typeof node.description === "string" ? { description: node.description } : {}) };
  const description = withWords(node.description, droppedWords(node));
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!PORTABLE_KEYWORDS.has(key) || key === "description") continue;
    if (key === "format" && !PORTABLE_FORMATS.has(String(value))) continue;
    // A format says it already; the patterns zod writes beside one use regex features hosts refuse.
    if (key === "pattern" && PORTABLE_FORMATS.has(String(node.format))) continue;
    out[key] = value;
  }
  if (Array.isArray(out.type)) {
    const types = out.type as string[];
    delete out.type;
    const { anyOf: _ignored, ...rest } = out;
    return { anyOf: types.map((t) => ({ ...rest, type: t })), ...(description ? { description } : {}) };
  }
  if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map(portableInput);
  if (out.items !== undefined) out.items = portableInput(out.items);
  if (out.type === "object" || isObject(out.properties)) {
    const properties = isObject(out.properties) ? out.properties : {};
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    out.type = "object";
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => {
        const portable = portableInput(schema);
        return [name, required.has(name) ? portable : nullable(portable)];
      }),
    );
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return description ? { ...out, description } : out;
}

/** An output schema as the Inspector checks it: no `type` arrays, no schema that constrains nothing. */
export function portableOutput(node: unknown): unknown {
  if (typeof node === "boolean") return node ? ANY_VALUE : { not: {} };
  if (Array.isArray(node)) return node.map(portableOutput);
  if (!isObject(node)) return node;
  const keys = Object.keys(node).filter((k) => !["description", "title", "default", "examples", "$schema", "$id"].includes(k));
  if (keys.length === 0) return { ...node, ...ANY_VALUE };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (["properties", "$defs", "patternProperties"].includes(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, portableOutput(v)]));
    else if (["items", "additionalProperties", "not", "propertyNames"].includes(key)) out[key] = portableOutput(value);
    else if (["anyOf", "oneOf", "allOf", "prefixItems"].includes(key)) out[key] = portableOutput(value);
    else out[key] = value;
  }
  if (Array.isArray(out.type)) {
    const types = out.type as string[];
    delete out.type;
    return { ...out, anyOf: types.map((t) => ({ type: t })) };
  }
  return out;
}
