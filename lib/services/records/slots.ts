import { Prisma } from "@/lib/db/generated/client.ts";
import type { ObjectSchema, SchemaField } from "./object-schema.ts";
import { storedFields } from "./object-schema.ts";
import { indexValues } from "./values/index.ts";
import { ownValue } from "@/lib/schemas/names.ts";
import { checkedSlot } from "@/lib/services/objects/slot-columns.ts";

export type SlotKind = "t" | "n" | "d";
export type SlottedField = SchemaField & { slot: string };

export const hasSlot = (f: SchemaField): f is SlottedField => f.slot !== null;
export const slotKind = (f: SlottedField): SlotKind => f.slot[0] as SlotKind;

/**
 * The same exact key read through record_exact_key (migration slot_covering_indexes): a condition
 * that mentions no x column can be checked inside the covering text slot indexes (index-only).
 * Each call is a primary-key lookup, so only for the rare row that needs it (a float tie).
 */
export const exactKeyLookup = (f: SlottedField, alias = "r"): Prisma.Sql =>
  Prisma.raw(`record_exact_key(${alias}.tenant_id, ${alias}.id, ${Number(checkedSlot(f.slot).slice(1))})`);

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
        return [{ column: checkedSlot(f.slot), arrayType: "text[]", values: values.map((v) => v.text) }];
      case "n":
        return [
          { column: checkedSlot(f.slot), arrayType: "float8[]", values: values.map((v) => v.num) },
          { column: `x${f.slot.slice(1)}`, arrayType: "text[]", values: values.map((v) => v.text) },
        ];
      case "d":
        return [{ column: checkedSlot(f.slot), arrayType: "timestamptz[]", values: values.map((v) => v.ts?.toISOString() ?? null) }];
    }
  });
}
