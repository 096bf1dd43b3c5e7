import { z } from "zod";
import { fieldSchema } from "./fields.ts";
import { labelSchema, objectApiNameSchema } from "./names.ts";

export const objectSummarySchema = z.object({ apiName: z.string(), label: z.string(), custom: z.boolean() }).meta({ id: "ObjectSummary" });

export const objectListSchema = z.object({ data: z.array(objectSummarySchema) }).meta({ id: "ObjectList" });

/** Spec 2.1: an object's description, the same shape for built-in and custom objects. */
export const objectSchema = z
  .object({
    apiName: z.string(),
    label: z.string(),
    pluralLabel: z.string(),
    description: z.string(),
    custom: z.boolean(),
    fields: z.array(fieldSchema),
  })
  .meta({ id: "Object" });
export type ObjectDescription = z.infer<typeof objectSchema>;

export const objectInputSchema = z.object({
  apiName: objectApiNameSchema,
  label: labelSchema,
  pluralLabel: labelSchema,
  description: z.string().trim().max(500).default(""),
});

export const objectUpdateSchema = z.object({
  label: labelSchema.optional(),
  pluralLabel: labelSchema.optional(),
  description: z.string().trim().max(500).optional(),
});
