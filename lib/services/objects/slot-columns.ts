import { Prisma } from "@/lib/db/generated/client.ts";

/**
 * Slot columns of `record` (storage.md): t01–t16 hold folded text, n01–n08 numbers as float8 with
 * their exact key in x01–x08, d01–d06 instants. The field_def trigger assigns them to fields; this
 * check is the only way a slot name reaches SQL text, so nothing else is ever interpolated.
 */
const SLOT = /^(t(0[1-9]|1[0-6])|n0[1-8]|d0[1-6])$/;

/** A field that has a slot column. */
export interface Slotted {
  slot: string;
}

export function checkedSlot(slot: string): string {
  if (!SLOT.test(slot)) throw new Error(`not a slot column: ${slot}`);
  return slot;
}

/** `r.t03`: the field's column on the record row aliased `r`. */
export const slotColumn = (f: Slotted, alias = "r"): Prisma.Sql => Prisma.raw(`${alias}.${checkedSlot(f.slot)}`);
/** `r.x03`: the exact key of a number field's n03. */
export const exactColumn = (f: Slotted, alias = "r"): Prisma.Sql => Prisma.raw(`${alias}.x${checkedSlot(f.slot).slice(1)}`);
