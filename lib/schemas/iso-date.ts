import { z } from "zod";

/** An optional ISO 8601 date or date-time query parameter, within the years PostgreSQL and JSON both carry. */
export const isoDateParam = (what: string) =>
  z.coerce
    .date({ error: "must be an ISO 8601 date or date-time" })
    .min(new Date("1970-01-01T00:00:00Z"), "must be after 1970")
    .max(new Date("9999-12-31T00:00:00Z"), "must be before the year 10000")
    .optional()
    .describe(what);
