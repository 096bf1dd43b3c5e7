import { Prisma } from "@/lib/db/generated/client.ts";
import type { ObjectSchema, SchemaField } from "./object-schema.ts";
import { storedFields } from "./object-schema.ts";
import { indexValues } from "./values/index.ts";
import { ownValue } from "@/lib/schemas/names.ts";

/**
 * Slot columns of `record` (storage.md): t01–t16 hold folded text, n01–n08 numbers as float8 with
 * their exact key in x01–x08, d01–d06 instants. The field_def trigger assigns them; this list is
 * the only way a slot name reaches SQL text, so nothing else is ever interpolated.
 */
const SLOT = /^(t(0[1-9]|1[0-6])|n0[1-8]|d0[1-6])$/;

export type SlotKind = "t" | "n" | "d";
export type SlottedField = SchemaField & { slot: string };

export const hasSlot = (f: SchemaField): f is SlottedField => f.slot !== null;
export const slotKind = (f: SlottedField): SlotKind => f.slot[0] as SlotKind;

function checked(slot: string): string {
  if (!SLOT.test(slot)) throw new Error(`not a slot column: ${slot}`);
  return slot;
}

/** `r.t03`: the field's column on the record row aliased `r`. */
export const slotColumn = (f: SlottedField, alias = "r"): Prisma.Sql => Prisma.raw(`${alias}.${checked(f.slot)}`);
/** `r.x03`: the exact key of a number field's n03. */
export const exactColumn = (f: SlottedField, alias = "r"): Prisma.Sql => Prisma.raw(`${alias}.x${checked(f.slot).slice(1)}`);
/**
 * The same exact key read through record_exact_key (migration slot_covering_indexes): a condition
 * that mentions no x column can be checked inside the covering text slot indexes (index-only).
 * Each call is a primary-key lookup, so only for the rare row that needs it (a float tie).
 */
export const exactKeyLookup = (f: SlottedField, alias = "r"): Prisma.Sql =>
  Prisma.raw(`record_exact_key(${alias}.tenant_id, ${alias}.id, ${Number(checked(f.slot).slice(1))})`);

/** Fields of the object stored in slots; the others (multiselect, beyond the slots) use record_value. */
export const slottedFields = (o: ObjectSchema): SlottedField[] => storedFields(o).filter(hasSlot);

/** One column to write: its name, SQL array type, and the value for each record. */
export interface SlotColumnValues {
  column: string;
  arrayType: "text[]" | "float8[]" | "timestamptz[]";
  values: (string | null)[];
}

/** The slot columns of these records' data, one entry per column (numbers give two: n and x). */
export function slotColumnValues(object: ObjectSchema, records: { data: Record<string, unknown> }[]): SlotColumnValues[] {
  return slottedFields(object).flatMap((f): SlotColumnValues[] => {
    const values = records.map((r) => indexValues(f, ownValue(r.data, f.apiName))[0]!);
    switch (slotKind(f)) {
      case "t":
        return [{ column: checked(f.slot), arrayType: "text[]", values: values.map((v) => v.text) }];
      case "n":
        return [
          { column: checked(f.slot), arrayType: "float8[]", values: values.map((v) => v.num) },
          { column: `x${f.slot.slice(1)}`, arrayType: "text[]", values: values.map((v) => v.text) },
        ];
      case "d":
        return [{ column: checked(f.slot), arrayType: "timestamptz[]", values: values.map((v) => v.ts?.toISOString() ?? null) }];
    }
  });
}
