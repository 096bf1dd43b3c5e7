import { invalid } from "@/lib/errors/app-error.ts";
import { DEFAULT_CURRENCY_SCALE, READ_ONLY_TYPES, type FieldConfig, type FieldType, type ParsedFieldInput } from "@/lib/schemas/fields.ts";
import { FormulaError, inferFormulaType, parseFormula } from "./formula/index.ts";

const NUMERIC: ReadonlySet<string> = new Set(["number", "currency", "percent"]);

/** What the rules need to know about the tenant's schema. */
export interface SchemaView {
  objectExists(apiName: string): boolean;
  /** Live fields of an object: apiName → type (and lookup target). */
  fieldsOf(objectApiName: string): Map<string, { type: string; targetObject?: string }>;
}

/**
 * Checks a new field against the rest of the tenant's schema and returns what to store in
 * field_def.config. Formulas may reference only stored fields of their own object, which rules
 * out cycles; rollups aggregate a child object's lookup back to this object.
 */
export function fieldConfigFor(objectApiName: string, f: ParsedFieldInput, schema: SchemaView): FieldConfig {
  switch (f.type) {
    case "select":
    case "multiselect":
      return { options: f.options };
    case "currency":
      return { scale: f.scale ?? DEFAULT_CURRENCY_SCALE };
    case "lookup":
      if (!schema.objectExists(f.targetObject!)) throw invalid(`targetObject: object '${f.targetObject}' does not exist`);
      return { targetObject: f.targetObject };
    case "formula": {
      const stored = new Map([...schema.fieldsOf(objectApiName)].filter(([, v]) => !READ_ONLY_TYPES.has(v.type as FieldType)));
      try {
        const parsed = parseFormula(f.expression!);
        const resultType = inferFormulaType(parsed, Object.fromEntries([...stored].map(([k, v]) => [k, v.type])));
        return { formula: { expression: f.expression!, resultType } };
      } catch (e) {
        if (e instanceof FormulaError) throw invalid(`expression: ${e.message}`);
        throw e;
      }
    }
    case "rollup": {
      const r = f.rollup!;
      if (!schema.objectExists(r.childObject)) throw invalid(`rollup.childObject: object '${r.childObject}' does not exist`);
      const childFields = schema.fieldsOf(r.childObject);
      const link = childFields.get(r.childField);
      if (!link || link.type !== "lookup" || link.targetObject !== objectApiName) {
        throw invalid(`rollup.childField: '${r.childField}' must be a lookup on '${r.childObject}' to '${objectApiName}'`);
      }
      if (r.aggregate !== "count") {
        const value = r.valueField ? childFields.get(r.valueField) : undefined;
        if (!value || !NUMERIC.has(value.type))
          throw invalid(`rollup.valueField: a numeric field of '${r.childObject}' is required for ${r.aggregate}`);
      }
      return { rollup: r.aggregate === "count" ? { ...r, valueField: undefined } : r };
    }
    default:
      return {};
  }
}
