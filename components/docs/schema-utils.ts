import { isJsonObject, type JsonObject, type JsonSchema, type JsonValue } from "./openapi-types.ts";

const REF_PREFIX = "#/components/schemas/";
/** Generated examples stop here: deep trees make unreadable request bodies. */
const MAX_EXAMPLE_DEPTH = 6;

export type Components = Record<string, JsonSchema>;

export interface ResolvedSchema {
  schema: JsonSchema;
  /** The component name when the schema was a $ref. */
  name?: string;
  /** Component names already expanded on the way here; a name seen twice is a cycle. */
  seen: readonly string[];
  circular: boolean;
}

export function refName(schema: JsonSchema): string | undefined {
  if (!isJsonObject(schema) || typeof schema.$ref !== "string") return undefined;
  return schema.$ref.startsWith(REF_PREFIX) ? decodeURIComponent(schema.$ref.slice(REF_PREFIX.length)) : schema.$ref;
}

/** Follows $ref chains into components, stopping (circular) at a component already on the path. */
export function resolveSchema(schema: JsonSchema, components: Components, seen: readonly string[] = []): ResolvedSchema {
  let current = schema;
  let path = seen;
  let name: string | undefined;
  for (let ref = refName(current); ref !== undefined; ref = refName(current)) {
    name = ref;
    if (path.includes(ref)) return { schema: current, name, seen: path, circular: true };
    path = [...path, ref];
    current = components[ref] ?? {};
  }
  return { schema: current, ...(name === undefined ? {} : { name }), seen: path, circular: false };
}

function typeList(schema: JsonObject): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === "string");
  return [];
}

function variants(schema: JsonObject): { keyword: "anyOf" | "oneOf" | "allOf"; items: JsonSchema[] } | undefined {
  for (const keyword of ["oneOf", "anyOf", "allOf"] as const) {
    const items = schema[keyword];
    if (Array.isArray(items) && items.length > 0) return { keyword, items };
  }
  return undefined;
}

const isNullSchema = (s: JsonSchema): boolean => isJsonObject(s) && s.type === "null";

/** anyOf/oneOf of one real schema plus null is how 2020-12 spells "nullable X". */
export function nonNullVariant(schema: JsonSchema): JsonSchema | undefined {
  if (!isJsonObject(schema)) return undefined;
  const v = variants(schema);
  if (!v || v.keyword === "allOf") return undefined;
  const real = v.items.filter((s) => !isNullSchema(s));
  return real.length === 1 && real.length < v.items.length ? real[0] : undefined;
}

/** A one-line type such as `string (email)`, `array of Field`, `integer | null`; never resolves refs, so never loops. */
export function typeLabel(schema: JsonSchema): string {
  if (schema === true) return "any";
  if (schema === false) return "never";
  if (!isJsonObject(schema)) return "any";
  const ref = refName(schema);
  if (ref !== undefined) return ref;
  if ("const" in schema) return JSON.stringify(schema.const);
  const v = variants(schema);
  if (v) return v.items.map(typeLabel).join(v.keyword === "allOf" ? " & " : " | ");
  const types = typeList(schema);
  if (types.length === 0) {
    if (isJsonObject(schema.properties)) return "object";
    if (Array.isArray(schema.enum)) return "enum";
    return "any";
  }
  return types
    .map((t) => {
      if (t === "array") return schema.items === undefined ? "array" : `array of ${typeLabel(schema.items)}`;
      if (t === "object" && isJsonObject(schema.additionalProperties) && !isJsonObject(schema.properties)) {
        return `map of ${typeLabel(schema.additionalProperties)}`;
      }
      return typeof schema.format === "string" && t !== "null" ? `${t} (${schema.format})` : t;
    })
    .join(" | ");
}

const show = (value: JsonValue): string => (typeof value === "string" ? value : JSON.stringify(value));

/** Validation keywords worth telling a client about, as short phrases. */
export function constraints(schema: JsonSchema): string[] {
  if (!isJsonObject(schema)) return [];
  const out: string[] = [];
  const phrase: [string, string][] = [
    ["minimum", "min"],
    ["exclusiveMinimum", "greater than"],
    ["maximum", "max"],
    ["exclusiveMaximum", "less than"],
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
    ["pattern", "pattern"],
    ["default", "default"],
  ];
  for (const [key, label] of phrase) {
    const value = schema[key];
    if (value !== undefined) out.push(`${label}: ${show(value)}`);
  }
  if (schema.uniqueItems === true) out.push("unique items");
  if (schema.readOnly === true) out.push("read-only");
  if (schema.writeOnly === true) out.push("write-only");
  if (schema.deprecated === true) out.push("deprecated");
  return out;
}

/** Allowed values, including those of an array's items (e.g. a multi-select). */
export function enumValues(schema: JsonSchema): string[] {
  if (!isJsonObject(schema)) return [];
  if (Array.isArray(schema.enum)) return schema.enum.map(show);
  if (isJsonObject(schema.items) && Array.isArray(schema.items.enum)) return schema.items.enum.map(show);
  return [];
}

export function describe(schema: JsonSchema): string {
  return isJsonObject(schema) && typeof schema.description === "string" ? schema.description : "";
}

export interface PropertyEntry {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export function propertiesOf(schema: JsonSchema): PropertyEntry[] {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties).map(([name, s]) => ({ name, schema: s, required: required.includes(name) }));
}

function scalarExample(schema: JsonObject, type: string | undefined): JsonValue {
  switch (type) {
    case "string":
      switch (schema.format) {
        case "date-time":
          return "2025-01-31T12:00:00Z";
        case "date":
          return "2025-01-31";
        case "email":
          return "jane@example.com";
        case "uri":
        case "url":
          return "https://example.com";
        case "uuid":
          return "00000000-0000-4000-8000-000000000000";
        default:
          return "string";
      }
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** A plausible value for the schema, used to pre-fill request bodies; refs are followed, cycles cut with null. */
export function exampleFromSchema(schema: JsonSchema, components: Components, seen: readonly string[] = [], depth = 0): JsonValue {
  const resolved = resolveSchema(schema, components, seen);
  const s = resolved.schema;
  if (resolved.circular || depth > MAX_EXAMPLE_DEPTH || !isJsonObject(s)) return null;

  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0] ?? null;
  for (const key of ["example", "const", "default"] as const) {
    const value = s[key];
    if (value !== undefined) return value;
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] ?? null;

  const v = variants(s);
  if (v?.keyword === "allOf") {
    const merged: JsonObject = {};
    for (const part of v.items) {
      const value = exampleFromSchema(part, components, resolved.seen, depth + 1);
      if (isJsonObject(value)) Object.assign(merged, value);
    }
    return merged;
  }
  if (v) {
    const first = v.items.find((item) => !isNullSchema(item)) ?? v.items[0];
    return first === undefined ? null : exampleFromSchema(first, components, resolved.seen, depth + 1);
  }

  const type = typeList(s).find((t) => t !== "null") ?? (isJsonObject(s.properties) ? "object" : undefined);
  if (type === "array") {
    return s.items === undefined ? [] : [exampleFromSchema(s.items, components, resolved.seen, depth + 1)];
  }
  if (type === "object") {
    const props = propertiesOf(s);
    // Required properties make the smallest valid body; with none required (PATCH) show them all.
    const chosen = props.some((p) => p.required) ? props.filter((p) => p.required) : props;
    return Object.fromEntries(chosen.map((p) => [p.name, exampleFromSchema(p.schema, components, resolved.seen, depth + 1)]));
  }
  return scalarExample(s, type);
}
