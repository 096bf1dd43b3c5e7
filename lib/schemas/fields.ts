import { z } from "zod";
import { fieldApiNameSchema, labelSchema, objectApiNameSchema } from "./names.ts";

export const FIELD_TYPES = [
  "text",
  "textarea",
  "email",
  "phone",
  "url",
  "number",
  "currency",
  "percent",
  "date",
  "datetime",
  "boolean",
  "select",
  "multiselect",
  "lookup",
  "formula",
  "rollup",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Computed by the server, never written by clients. */
export const READ_ONLY_TYPES: ReadonlySet<FieldType> = new Set(["formula", "rollup"]);

/** Computed on read (formula, rollup, or marked readOnly): never written, stored, filtered or sorted. */
export const isComputedField = (field: { type: FieldType; readOnly: boolean }): boolean =>
  field.readOnly || READ_ONLY_TYPES.has(field.type);
/** Types whose values the database can enforce as unique. */
export const UNIQUE_CAPABLE_TYPES: ReadonlySet<FieldType> = new Set(["text", "email", "phone", "url", "number"]);
export const ROLLUP_AGGREGATES = ["count", "sum", "min", "max", "avg"] as const;

/** Decimal places of a currency field, set when it is created: 0 to 4, the most a stored amount may have. */
export const MAX_CURRENCY_SCALE = 4;
export const DEFAULT_CURRENCY_SCALE = 2;
const scaleSchema = z.number().int().min(0).max(MAX_CURRENCY_SCALE);

export const optionSchema = z.object({
  value: z.string().trim().min(1, "option value is required").max(100),
  label: z.string().trim().min(1, "option label is required").max(100),
});

const uniqueValues = (options: { value: string }[]) => new Set(options.map((o) => o.value)).size === options.length;
export const optionsSchema = z
  .array(optionSchema)
  .min(1, "needs at least one option")
  .max(500)
  .refine(uniqueValues, "option values must be unique");

export const formulaConfigSchema = z.object({
  expression: z.string().trim().min(1, "expression is required").max(2000),
  resultType: z.enum(["number", "text", "boolean"]),
});

export const rollupConfigSchema = z.object({
  childObject: objectApiNameSchema,
  /** A lookup field on the child object that points at this object. */
  childField: fieldApiNameSchema,
  aggregate: z.enum(ROLLUP_AGGREGATES),
  /** The child's numeric field to aggregate; not used by count. */
  valueField: fieldApiNameSchema.optional(),
});

/** What is stored in field_def.config, by type. */
export const fieldConfigSchema = z.object({
  options: optionsSchema.optional(),
  targetObject: objectApiNameSchema.optional(),
  formula: formulaConfigSchema.optional(),
  rollup: rollupConfigSchema.optional(),
  scale: scaleSchema.optional(),
});
export type FieldConfig = z.infer<typeof fieldConfigSchema>;

/** A field as the API describes it (spec 2.2, plus the definitions of computed fields). */
export const fieldSchema = z
  .object({
    apiName: z.string(),
    label: z.string(),
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    unique: z.boolean(),
    readOnly: z.boolean(),
    custom: z.boolean(),
    options: z.array(optionSchema).optional(),
    targetObject: z.string().optional(),
    formula: formulaConfigSchema.optional(),
    rollup: rollupConfigSchema.optional(),
    scale: z
      .number()
      .int()
      .optional()
      .describe(
        "Currency fields: decimal places (0 to 4, set when the field is created). Currency values are sent as decimal strings or JSON numbers with at most this many decimals, " +
          'and always returned as decimal strings with exactly this many, e.g. "48000.00" for a scale of 2; a sum, min, max or avg rollup of a currency field uses its scale.',
      ),
  })
  .meta({ id: "Field" });
export type FieldDescription = z.infer<typeof fieldSchema>;

/** Input for creating a field in settings. The type decides which settings apply. */
export const fieldInputSchema = z
  .object({
    apiName: fieldApiNameSchema,
    label: labelSchema,
    type: z.enum(FIELD_TYPES),
    required: z.boolean().default(false),
    unique: z.boolean().default(false),
    options: optionsSchema.optional(),
    targetObject: objectApiNameSchema.optional(),
    expression: z.string().trim().max(2000).optional(),
    rollup: rollupConfigSchema.optional(),
    scale: scaleSchema.optional(),
  })
  .superRefine((f, ctx) => {
    const needs = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    const isChoice = f.type === "select" || f.type === "multiselect";
    needs(!isChoice || !!f.options, "options", `is required for ${f.type} fields`);
    needs(isChoice || !f.options, "options", "only select and multiselect fields have options");
    needs(f.type !== "lookup" || !!f.targetObject, "targetObject", "is required for lookup fields");
    needs(f.type === "lookup" || !f.targetObject, "targetObject", "only lookup fields have a target object");
    needs(f.type !== "formula" || !!f.expression, "expression", "is required for formula fields");
    needs(f.type !== "rollup" || !!f.rollup, "rollup", "is required for rollup fields");
    needs(!f.unique || UNIQUE_CAPABLE_TYPES.has(f.type), "unique", `${f.type} fields cannot be unique`);
    needs(!READ_ONLY_TYPES.has(f.type) || !f.required, "required", "computed fields cannot be required");
    needs(f.type === "currency" || f.scale === undefined, "scale", "only currency fields have a scale");
  });
export type FieldInput = z.input<typeof fieldInputSchema>;
export type ParsedFieldInput = z.output<typeof fieldInputSchema>;

/** Editable after creation: the label, required, unique and the choice options. */
export const fieldUpdateSchema = z.object({
  label: labelSchema.optional(),
  required: z.boolean().optional(),
  unique: z.boolean().optional(),
  options: optionsSchema.optional(),
  expression: z.string().trim().min(1).max(2000).optional(),
});
