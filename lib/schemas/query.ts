/**
 * Typed query parameters. Operations declare them as JSON types (integer, boolean, array of
 * strings) so the OpenAPI document and MCP tool arguments publish real bounds and defaults; the
 * REST adapter turns query strings into those types first (lib/adapters/rest/request-input.ts).
 * Each schema words every failure as one sentence, so a wrong type and an out-of-range value
 * read the same on every surface: `limit: must be an integer from 1 to 500`.
 */
import { z } from "zod";

/** An integer parameter from `min` to `max`, with one message (after its name) for every way it can fail. */
export function boundedInt(min: number, max: number, message: string) {
  return z.int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * An optional integer whose default the service applies, because absence itself means something
 * there (the data endpoint pages by page/pageSize or by limit/offset, whichever pair was sent).
 */
export function optionalInt(min: number, max: number, message: string, documentedDefault: number) {
  return boundedInt(min, max, message).optional().meta({ default: documentedDefault });
}

/** A true/false parameter, false when absent. */
export const flag = () => z.boolean({ error: "must be true or false" }).default(false);

/** An instant, checked by the service (which accepts every form PostgreSQL reads exactly). */
export const timestamp = () => z.string().optional().meta({ format: "date-time" });

/** A parameter that may be repeated (`?filter=a&filter=b`); at most `max` values. */
export function repeatable(max: number, noun: string) {
  return z
    .array(z.string())
    .max(max, { error: (issue) => `at most ${max} ${noun} are allowed (got ${Array.isArray(issue.input) ? issue.input.length : "more"})` })
    .default([]);
}
