import { z } from "zod";

/** A sign-in email as typed: trimmed, lower case, at most 254 characters (its form is checked by the users service). */
export const emailSchema = z.string().trim().toLowerCase().min(1, "is required").max(254);
