import { invalid } from "@/lib/errors/app-error.ts";

/**
 * Record values as a list of `{field, value}` pairs: how MCP tools list `{"<field>": value, …}`,
 * because the strict function-calling subsets hosts enforce take no object with keys of its own
 * choosing (lib/adapters/mcp/portable-schema.ts). A tool takes either form.
 */
const FIELD_VALUE = {
  anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }, { type: "array", items: { type: "string" } }, { type: "null" }],
  description:
    "The value: text (decimals and dates as text, ISO 8601), a number, true or false, a multiselect's options, or null to clear it",
};

export const FIELD_VALUE_PAIRS = {
  type: "array",
  items: {
    type: "object",
    properties: { field: { type: "string", description: "A field's apiName (describe_object lists them)" }, value: FIELD_VALUE },
    required: ["field", "value"],
    additionalProperties: false,
  },
};

const isPair = (p: unknown): p is { field: unknown; value: unknown } =>
  typeof p === "object" && p !== null && !Array.isArray(p) && "field" in p;

/** Whether a value is a list of `{field, value}` pairs (possibly empty). */
export const isPairList = (values: unknown): values is { field: unknown; value: unknown }[] =>
  Array.isArray(values) && values.every(isPair);

/** `[{field, value}, …]` as `{field: value, …}`; anything else as it came (the operation's schema judges it). */
export function fromPairs(values: unknown, path: string): unknown {
  if (!isPairList(values)) return values;
  const out: Record<string, unknown> = {};
  values.forEach((pair, i) => {
    if (typeof pair.field !== "string")
      throw invalid(`${path}.${i}.field: must be a field's apiName`, [
        { path: `${path}.${i}.field`, message: "must be a field's apiName" },
      ]);
    if (Object.hasOwn(out, pair.field))
      throw invalid(`${path}.${i}.field: '${pair.field}' is given twice`, [
        { path: `${path}.${i}.field`, message: `'${pair.field}' is given twice` },
      ]);
    out[pair.field] = pair.value;
  });
  return out;
}
