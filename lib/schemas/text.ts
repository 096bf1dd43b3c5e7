import { z } from "zod";

/**
 * A string PostgreSQL text can hold as sent: no NUL and no unpaired surrogate (JSON.parse makes
 * them from "\ud800"; the driver would silently store U+FFFD instead). Said plainly when missing.
 */
export const storableText = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .refine((s) => !s.includes("\u0000") && s.isWellFormed(), "must not contain NUL characters or invalid Unicode");

const INSTANT_MESSAGE = "must be an ISO 8601 date-time with a time zone, e.g. 2026-12-01T09:30:00Z";
const RANGE_MESSAGE = "must be a real date between the years 1900 and 9999 (UTC), with a zone offset of at most ±15:59";

/**
 * An instant as ISO 8601 with a time zone (Z or an offset), turned into its UTC form
 * ("2026-12-01T08:30:00.000Z"), which is what is stored and compared. The date must exist (no
 * 30 February), the offset be one PostgreSQL accepts (±15:59), and the instant fall in 1900–9999.
 */
export const instantSchema = () =>
  z.iso.datetime({ offset: true, error: INSTANT_MESSAGE }).transform((s, ctx) => {
    const [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
    const day = new Date(Date.UTC(y, m - 1, d));
    const offset = /([+-])(\d\d):?(\d\d)$/.exec(s);
    const instant = new Date(s);
    const year = instant.getUTCFullYear();
    if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d || (offset && Number(offset[2]) > 15) || year < 1900 || year > 9999) {
      ctx.addIssue({ code: "custom", message: RANGE_MESSAGE });
      return z.NEVER;
    }
    return instant.toISOString();
  });
