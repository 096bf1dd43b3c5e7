import { invalid, type ErrorDetail } from "@/lib/errors/app-error.ts";
import { isComputedField } from "@/lib/schemas/fields.ts";
import { ownValue } from "@/lib/schemas/names.ts";
import type { ObjectSchema } from "@/lib/services/records/object-schema.ts";
import { searchKey } from "@/lib/services/records/search-key.ts";

/** A column of the file and the field it fills (null: left out). */
export interface ImportColumn {
  header: string;
  field: string | null;
}

/** Column header → field apiName; a header mapped to null (or absent) is left out. */
export type ColumnMapping = Record<string, string | null>;

const refuse = (details: ErrorDetail[]) => invalid(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);

/**
 * Which field each column fills. With a mapping, exactly as it says (every header it names must be
 * in the file, every field it names a writable field of the object); without one, a column fills
 * the field whose apiName or label it matches, ignoring case and accents ("E-mail" matches no
 * field, "Email" and "EMAIL" match `email`). Headers must be unique and non-empty where mapped,
 * and at least one column must fill a field.
 */
export function mapColumns(object: ObjectSchema, headers: string[], mapping: ColumnMapping | undefined): ImportColumn[] {
  const details: ErrorDetail[] = [];
  const seen = new Map<string, number>();
  headers.forEach((header, i) => {
    const key = header.trim();
    if (seen.has(key))
      details.push({ path: "file", message: `the header has the column '${key}' twice (columns ${seen.get(key)! + 1} and ${i + 1})` });
    else seen.set(key, i);
  });
  // Which of two same-named columns a mapping means cannot be told: nothing else is worth checking.
  if (details.length) throw refuse(details);
  const fields = new Map(object.fields.map((f) => [f.apiName, f]));
  const byName = new Map<string, string>();
  for (const f of object.fields.filter((f) => !isComputedField(f))) {
    byName.set(searchKey(f.apiName), f.apiName);
    if (!byName.has(searchKey(f.label))) byName.set(searchKey(f.label), f.apiName);
  }
  if (mapping)
    for (const [header, field] of Object.entries(mapping)) {
      if (!seen.has(header.trim())) details.push({ path: `mapping.${header}`, message: "names no column of the file's header" });
      if (field === null) continue;
      const def = fields.get(field);
      if (!def) details.push({ path: `mapping.${header}`, message: `'${field}' is not a field of ${object.apiName}` });
      else if (isComputedField(def)) details.push({ path: `mapping.${header}`, message: `'${field}' is read-only (computed)` });
    }
  const columns = headers.map((header) => {
    const key = header.trim();
    const wanted = mapping ? (ownValue(mapping, key) ?? ownValue(mapping, header) ?? null) : (byName.get(searchKey(key)) ?? null);
    return { header, field: wanted && fields.has(wanted) && !isComputedField(fields.get(wanted)!) ? wanted : null };
  });
  const filled = new Map<string, string>();
  for (const c of columns) {
    if (!c.field) continue;
    if (filled.has(c.field))
      details.push({ path: "mapping", message: `the columns '${filled.get(c.field)}' and '${c.header}' both fill ${c.field}` });
    else filled.set(c.field, c.header);
  }
  if (!details.length && !filled.size)
    details.push({
      path: mapping ? "mapping" : "file",
      message: mapping
        ? "maps no column to a field"
        : `no column matches a field of ${object.apiName} by apiName or label; send a mapping of columns to fields`,
    });
  if (details.length) throw refuse(details);
  return columns;
}

/** The refusal of a file without a header (no line at all, or only empty cells). */
export const noHeader = () => refuse([{ path: "file", message: "has no header line: the first line must name the columns" }]);
