export type JsonNode = null | boolean | number | string | JsonNode[] | { [key: string]: JsonNode };

const REF = "#/components/schemas/";
// Maps of names to subschemas: their keys are names, not keywords.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

/**
 * One response schema made self-contained for Postman's validator (Ajv 6, draft-07): the
 * component schemas it refers to, directly or not, become its `definitions`. `format` is left out:
 * draft-07 Ajv refuses formats it does not know, and the status and shape are what a run checks.
 */
export function responseSchema(components: Record<string, unknown>, root: JsonNode | undefined): JsonNode | undefined {
  if (root === undefined) return undefined;
  const definitions: Record<string, JsonNode> = {};
  const rewrite = (node: JsonNode, isMap = false): JsonNode => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n));
    if (!node || typeof node !== "object") return node;
    const out: Record<string, JsonNode> = {};
    for (const [key, value] of Object.entries(node)) {
      if (!isMap && key === "format" && typeof value === "string") continue;
      if (!isMap && key === "$ref" && typeof value === "string" && value.startsWith(REF)) {
        const name = value.slice(REF.length);
        if (!(name in definitions)) {
          definitions[name] = {};
          definitions[name] = rewrite(components[name] as JsonNode);
        }
        out.$ref = `#/definitions/${name}`;
        continue;
      }
      out[key] = rewrite(value, !isMap && SCHEMA_MAPS.has(key));
    }
    return out;
  };
  const schema = rewrite(root);
  return Object.keys(definitions).length ? { ...(schema as Record<string, JsonNode>), definitions } : schema;
}
