import { z } from "zod";
import { labelSchema } from "./names.ts";

export const DEFAULT_RATE_LIMIT = 120;
export const MAX_RATE_LIMIT = 10_000;

export const apiKeyInputSchema = z.object({
  name: labelSchema,
  readOnly: z.boolean().default(false),
  /** null or absent: every object. */
  allowedObjects: z.array(z.string()).min(1, "list at least one object, or leave the key unrestricted").max(200).nullable().default(null),
  allowDelete: z.boolean().default(false),
  rateLimit: z.coerce.number().int().min(1).max(MAX_RATE_LIMIT).default(DEFAULT_RATE_LIMIT),
});

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  readOnly: z.boolean(),
  allowedObjects: z.array(z.string()).nullable(),
  allowDelete: z.boolean(),
  rateLimit: z.number().int(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;
