import { invalid } from "@/lib/errors/app-error.ts";
import { isComputedField, type FieldDescription, type FieldType } from "@/lib/schemas/fields.ts";
import { quote } from "./quote.ts";
import { resolveTarget } from "./targets.ts";
import type { Order } from "./types.ts";

/**
 * Types without a single sortable index value: multiselect holds several, textarea is long
 * free text (not indexed for sorting), and computed fields are not stored.
 */
const UNORDERABLE: ReadonlySet<FieldType> = new Set(["multiselect", "textarea", "formula", "rollup"]);

/** Newest first: what a list view wants when the client states no preference. */
export const DEFAULT_ORDER: Readonly<Order> = Object.freeze({
  target: Object.freeze({ kind: "system", column: "created_at" }),
  direction: "desc",
});

/** Parses `<field>:asc|desc`; a bare `<field>` sorts ascending, the usual default. */
export function parseOrder(fields: FieldDescription[], raw: string | undefined): Order {
  // A copy, so a caller that adjusts its ListQuery cannot change the default for later requests.
  if (raw === undefined) return { target: { ...DEFAULT_ORDER.target }, direction: DEFAULT_ORDER.direction };
  const colon = raw.lastIndexOf(":");
  const name = colon < 0 ? raw : raw.slice(0, colon);
  const direction = colon < 0 ? "asc" : raw.slice(colon + 1);
  if (name === "") throw invalid("order: expected <field>:asc or <field>:desc");

  const target = resolveTarget(fields, name);
  if (!target) throw invalid(`order: unknown field ${quote(name)}`);
  if (target.kind === "field" && (isComputedField(target.field) || UNORDERABLE.has(target.field.type))) {
    throw invalid(`order: cannot order by ${quote(name)} (${target.field.type})`);
  }
  if (direction !== "asc" && direction !== "desc") throw invalid("order: direction must be asc or desc");
  return { target, direction };
}
