import { z } from "zod";
import { isEmail } from "@/lib/services/records/values/formats.ts";

/** A sign-in email: trimmed, lower case, a plausible address of at most 254 characters. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((s) => isEmail(s), "must be a valid email address");
