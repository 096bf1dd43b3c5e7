import type { FieldDescription } from "@/lib/schemas/fields.ts";
import type { ObjectDescription } from "@/lib/schemas/objects.ts";
import type { openApiDocument } from "./openapi-document.ts";

type Doc = ReturnType<typeof openApiDocument>;
type JsonSchema = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  parameters?: { name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
} & Record<string, unknown>;

/** The JSON Schema of one field's value as the API answers and takes it (field-value.ts, serialize.ts). */
function valueSchema(f: FieldDescription): JsonSchema {
  const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: "null" }] });
  switch (f.type) {
    case "text":
      return nullable({ type: "string", maxLength: 1000 });
    case "textarea":
      return nullable({ type: "string", maxLength: 65535 });
    case "email":
      return nullable({ type: "string", format: "email", maxLength: 254 });
    case "phone":
      return nullable({ type: "string" });
    case "url":
      return nullable({ type: "string", format: "uri", maxLength: 2048 });
    case "number":
    case "percent":
      return nullable({ type: "number" });
    case "currency":
      return nullable({
        type: "string",
        pattern: `^-?\\d+(\\.\\d{${f.scale ?? 2}})?$`,
        description: `A decimal string with ${f.scale ?? 2} decimals`,
      });
    case "date":
      return nullable({ type: "string", format: "date" });
    case "datetime":
      return nullable({ type: "string", format: "date-time" });
    case "boolean":
      return nullable({ type: "boolean" });
    case "select":
      return nullable({ type: "string", enum: (f.options ?? []).map((o) => o.value) });
    case "multiselect":
      return { type: "array", items: { type: "string", enum: (f.options ?? []).map((o) => o.value) } };
    case "lookup":
      return nullable({ type: "string", format: "uuid", description: `The id of a ${f.targetObject} record` });
    case "formula":
      return nullable({ type: f.formula?.resultType === "text" ? "string" : (f.formula?.resultType ?? "string") });
    case "rollup":
      return nullable(f.rollup?.aggregate === "count" ? { type: "integer" } : { type: ["number", "string"] });
  }
}

const pascal = (apiName: string) => apiName.replace(/(^|_)([a-z0-9])/g, (_m, _s: string, c: string) => c.toUpperCase());

/** The object's record as answered, and as written (computed fields left out; required ones marked on create). */
function objectSchemas(o: ObjectDescription): { record: JsonSchema; input: JsonSchema } {
  const fields = Object.fromEntries(
    o.fields.map((f) => [f.apiName, { ...valueSchema(f), title: f.label, ...(f.readOnly ? { readOnly: true } : {}) }]),
  );
  const system = {
    id: { type: "string", format: "uuid", readOnly: true },
    owner_id: { type: "string", format: "uuid", readOnly: true },
    created_at: { type: "string", format: "date-time", readOnly: true },
    updated_at: { type: "string", format: "date-time", readOnly: true },
  };
  const writable = o.fields.filter((f) => !f.readOnly);
  return {
    record: {
      type: "object",
      title: o.label,
      description: o.description || `A ${o.label} record`,
      properties: { ...system, ...fields },
      required: ["id", "created_at", "updated_at"],
    },
    input: {
      type: "object",
      title: `${o.label} values`,
      description: "Field values by apiName (only the fields sent change on PATCH)",
      properties: Object.fromEntries(writable.map((f) => [f.apiName, fields[f.apiName]])),
      additionalProperties: false,
    },
  };
}

/** The generic record operation, re-stated for one object: no `object` parameter, typed bodies, its own operationId. */
function forObject(op: Operation, o: ObjectDescription, schemas: { record: string; input: string }, required: string[]): Operation {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  const responses = { ...op.responses };
  const ok = Object.keys(responses).find((s) => s.startsWith("2") && s !== "204");
  if (ok) {
    const answer = responses[ok] as { content?: unknown };
    const item = { $ref: `#/components/schemas/${schemas.record}` };
    const isList = op.operationId === "records.list";
    responses[ok] = {
      ...answer,
      content: json(
        isList
          ? {
              type: "object",
              properties: {
                data: { type: "array", items: item },
                total: { type: "integer" },
                limit: { type: "integer" },
                offset: { type: "integer" },
              },
              required: ["data", "total", "limit", "offset"],
            }
          : item,
      ),
    };
  }
  const body = op.requestBody as { content?: unknown } | undefined;
  const inputRef = { $ref: `#/components/schemas/${schemas.input}` };
  return {
    ...op,
    operationId: `${op.operationId}.${o.apiName}`,
    summary: `${op.summary}: ${o.pluralLabel}`,
    tags: [o.apiName],
    parameters: (op.parameters ?? []).filter((p) => p.name !== "object"),
    ...(body
      ? {
          requestBody: {
            ...body,
            content: json(op.operationId === "records.create" && required.length ? { allOf: [inputRef, { required }] } : inputRef),
          },
        }
      : {}),
    responses,
  };
}

/**
 * The API description of one tenant, for a credential of it: the generic document plus, for each
 * object the credential may read, its record as a schema with every field typed (select options,
 * currency scales, lookup targets) and the record paths /{apiName} and /{apiName}/{id} stated for
 * it. Concrete paths take precedence over `/{object}` (OpenAPI 3.1 §4.8.8), so tools generate a
 * typed client per object; everything else stays as in the static document.
 */
export function tenantOpenApi(base: Doc, tenant: { name: string; objects: ObjectDescription[] }): Doc {
  const doc = structuredClone(base);
  const schemas = doc.components.schemas as Record<string, JsonSchema>;
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const generic = { list: paths["/{object}"]!, one: paths["/{object}/{id}"]! };
  for (const o of tenant.objects) {
    const name = pascal(o.apiName);
    const names = { record: `${name}Record`, input: `${name}Values` };
    const { record, input } = objectSchemas(o);
    schemas[names.record] = record;
    schemas[names.input] = input;
    const required = o.fields.filter((f) => f.required && !f.readOnly).map((f) => f.apiName);
    const restate = (ops: Record<string, Operation>) =>
      Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, forObject(op, o, names, required)]));
    paths[`/${o.apiName}`] = restate(generic.list);
    paths[`/${o.apiName}/{id}`] = restate(generic.one);
    doc.tags.push({ name: o.apiName, description: `${o.pluralLabel}${o.custom ? " (custom object)" : ""}: ${o.description || o.label}` });
  }
  doc.info = {
    ...doc.info,
    title: `CRM REST API — ${tenant.name}`,
    description: `${doc.info.description} This description is ${tenant.name}'s: its objects and their fields as the credential that asked may read them.`,
  };
  return doc;
}
