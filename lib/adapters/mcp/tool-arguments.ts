import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Operation } from "@/lib/operations/define.ts";
import { fromPairs } from "@/lib/schemas/field-value-pairs.ts";
import { acceptsNull, isMap, portableInput } from "./portable-schema.ts";

type JsonSchema = Record<string, unknown>;

/** A tool's arguments as the SDK sees them: the JSON Schema it lists, and a check it runs before the call. */
export type ToolArguments = StandardSchemaWithJSON<Record<string, unknown>>;

/** How a tool's arguments become the operation's raw input. */
export interface ToolInput {
  schema: ToolArguments;
  toInput(args: Record<string, unknown>): Record<string, unknown>;
}

/** Tool schemas are read by models and hosts that follow no `$ref`: shared definitions are written in place. */
function inlineRefs(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, defs));
  if (!node || typeof node !== "object") return node;
  const { $ref, ...rest } = node as JsonSchema;
  const target = typeof $ref === "string" ? defs[$ref.replace(/^#\/\$defs\//, "")] : undefined;
  const merged = target && typeof target === "object" ? { ...(target as JsonSchema), ...rest } : rest;
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, inlineRefs(v, defs)]));
}

/** The operation's input as a JSON Schema object, with the binding's renames, omissions and defaults. */
function argumentsSchema(op: Operation): {
  json: JsonSchema;
  inputKeyOf: Map<string, string>;
  maps: Set<string>;
  nullMeansAbsent: Set<string>;
} {
  const binding = op.mcp!;
  const {
    $defs = {},
    properties = {},
    required = [],
  } = z.toJSONSchema(op.input, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as {
    $defs?: Record<string, unknown>;
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const omit = new Set(binding.omit ?? []);
  const inputKeyOf = new Map<string, string>();
  const props: Record<string, unknown> = {};
  const requiredArgs: string[] = [];
  const maps = new Set<string>();
  const nullMeansAbsent = new Set<string>();
  const add = (key: string, schema: unknown, isRequired: boolean, inputKey = key) => {
    if (omit.has(key)) return;
    const arg = binding.rename?.[key] ?? key;
    inputKeyOf.set(arg, inputKey);
    const fallback = binding.defaults?.[key];
    props[arg] = inlineRefs(fallback === undefined ? schema : { ...(schema as JsonSchema), default: fallback }, $defs);
    if (isRequired) requiredArgs.push(arg);
    if (isMap(props[arg])) maps.add(arg);
    // The strict subset lists an optional argument as nullable: null then means "not given", unless null is a value of its own.
    if (!isRequired && !acceptsNull(props[arg])) nullMeansAbsent.add(arg);
  };
  for (const [key, schema] of Object.entries(properties)) {
    if (key !== binding.flatten) {
      add(key, schema, required.includes(key));
      continue;
    }
    // The body's own properties become arguments, gathered back into it by toInput.
    const body = inlineRefs(schema, $defs) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [inner, innerSchema] of Object.entries(body.properties ?? {}))
      add(inner, innerSchema, (body.required ?? []).includes(inner), `${key}.${inner}`);
  }
  return {
    json: { type: "object", properties: props, required: requiredArgs, additionalProperties: false },
    inputKeyOf,
    maps,
    nullMeansAbsent,
  };
}

/**
 * A schema the SDK lists and admits any value with: the call's own check (`toInput`) refuses, so a
 * refusal is the API's error body (error, message, code, details), never the SDK's bare
 * "Input validation error".
 */
export function listedOnly(json: JsonSchema): ToolArguments {
  return {
    "~standard": {
      version: 1,
      vendor: "crm",
      validate: (value) => ({ value: value as Record<string, unknown> }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * The tool arguments of an operation, derived from its input. Any object of known arguments is
 * taken (an unknown one is refused, never silently dropped); the operation's own schema then
 * validates the values, so a tool and its REST twin refuse with the same body.
 */
export function toolInput(op: Operation): ToolInput {
  const binding = op.mcp!;
  if (binding.custom) {
    const { args, toInput, listed = {} } = binding.custom;
    const json = z.toJSONSchema(args, { io: "input", target: "draft-2020-12" }) as {
      properties: Record<string, unknown>;
      required?: string[];
    };
    const properties = { ...json.properties, ...listed };
    const optional = Object.keys(properties).filter((k) => !(json.required ?? []).includes(k) && !acceptsNull(properties[k]));
    // Not an object: left to the parse, which refuses it with zod's own message.
    const given = (a: unknown) =>
      typeof a === "object" && a !== null && !Array.isArray(a)
        ? Object.fromEntries(Object.entries(a).filter(([k, v]) => !(v === null && optional.includes(k))))
        : a;
    return {
      schema: listedOnly(portableInput({ ...json, properties, $schema: undefined })),
      toInput: (a) => toInput(args.parse(given(a))),
    };
  }
  const { json, inputKeyOf, maps, nullMeansAbsent } = argumentsSchema(op);
  // Refuses what is not an object of known arguments with zod's own issues, as REST's strict bodies do.
  const known = z.strictObject(Object.fromEntries([...inputKeyOf.keys()].map((arg) => [arg, z.unknown().optional()])));
  const toInput = (raw: Record<string, unknown>): Record<string, unknown> => {
    const args = known.parse(raw);
    const input: Record<string, unknown> = { ...binding.defaults };
    for (const [arg, given] of Object.entries(args)) {
      if (given === undefined || (given === null && nullMeansAbsent.has(arg))) continue;
      const value = maps.has(arg) ? fromPairs(given, arg) : given;
      const [key, inner] = inputKeyOf.get(arg)!.split(".") as [string, string | undefined];
      if (inner === undefined) input[key] = value;
      else input[key] = { ...(input[key] as Record<string, unknown> | undefined), [inner]: value };
    }
    // A flattened body is sent even when no argument fills it (an empty change is the operation's to refuse).
    if (binding.flatten && input[binding.flatten] === undefined) input[binding.flatten] = {};
    return input;
  };
  return { schema: listedOnly(portableInput(json)), toInput };
}
