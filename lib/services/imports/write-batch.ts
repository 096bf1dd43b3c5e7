import { serverActor } from "@/lib/auth/actor.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { errorSentence } from "@/lib/errors/error-table.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { upsertRecords, type UpsertResult } from "@/lib/services/records/upsert-records.ts";
import { createRecords } from "@/lib/services/records/write-records.ts";
import { cellValue, isBlank } from "./cell-values.ts";
import type { CsvRow } from "./csv-reader.ts";
import type { ImportRow } from "./import-rows.ts";
import { resolveLookupCells, type LookupAnswer } from "./lookup-cells.ts";

export interface FailedRow {
  line: number;
  cells: string[];
  error: string;
}

export interface BatchOutcome {
  created: number;
  updated: number;
  failures: FailedRow[];
}

/** A row as the bulk service takes it (field values by apiName), or why it cannot be one. */
type Prepared = { row: CsvRow; input: Record<string, unknown> } | { row: CsvRow; error: string };

/**
 * One batch of an import's rows written through the bulk service (createRecords, or upsertRecords
 * on the import's unique field): the same validation, uniqueness, lookups, approval rules and
 * record events as POST /{object}/bulk, in the caller's transaction. Records are owned by the
 * person who started the import. Blank cells leave their field as it is; a row's refusal is the
 * API's sentence for it ("email: another record already has this value").
 */
export async function writeBatch(tx: SqlTx, tenantId: string, imp: ImportRow, rows: CsvRow[]): Promise<BatchOutcome> {
  const object = await loadObjectSchema(tx, tenantId, imp.object_api_name);
  const fields = new Map(object.fields.map((f) => [f.apiName, f]));
  const answers = new Map<string, Map<string, LookupAnswer>>();
  for (const [i, column] of imp.columns.entries()) {
    const field = column.field ? fields.get(column.field) : undefined;
    if (field?.type !== "lookup" || !field.targetObject) continue;
    const cells = rows.map((r) => r.cells[i] ?? "").filter((c) => !isBlank(c));
    answers.set(field.apiName, await resolveLookupCells(tx, tenantId, { apiName: field.apiName, targetObject: field.targetObject }, cells));
  }
  const prepared = rows.map((row): Prepared => {
    const extra = row.cells.slice(imp.columns.length).filter((c) => !isBlank(c)).length;
    if (extra) return { row, error: `the row has ${row.cells.length} values; the header has ${imp.columns.length} columns` };
    const input: Record<string, unknown> = {};
    for (const [i, column] of imp.columns.entries()) {
      const cell = row.cells[i];
      if (!column.field || cell === undefined || isBlank(cell)) continue;
      const field = fields.get(column.field);
      const lookup = answers.get(column.field)?.get(cell.trim());
      if (lookup && "problem" in lookup) return { row, error: `${column.field}: ${lookup.problem}` };
      input[column.field] = lookup ? lookup.id : field ? cellValue(field, cell) : cell;
    }
    return { row, input };
  });
  const writable = prepared.filter((p): p is Extract<Prepared, { input: unknown }> => "input" in p);
  const actor = serverActor(tenantId, imp.created_by_id);
  const inputs = writable.map((p) => p.input);
  const results: UpsertResult[] =
    imp.mode === "upsert"
      ? await upsertRecords(tx, { actor, object, upsertOn: imp.upsert_on!, inputs })
      : await createRecords(tx, { actor, object, inputs });
  const outcome: BatchOutcome = { created: 0, updated: 0, failures: [] };
  const lineOf = (index: number) => writable[index]?.row.line;
  results.forEach((r, k) => {
    if (r.ok) {
      if (r.action === "updated") outcome.updated++;
      else outcome.created++;
      return;
    }
    // The bulk service counts items of its request; an import names rows by their line.
    const details = r.error.details ?? [];
    const said =
      details.length > 1 ? details.map((d) => `${d.path}: ${d.message}`).join("; ") : errorSentence(r.error.code, r.error.message);
    const sentence = said.replace(/item (\d+) of this request/, (_, i: string) => `the row on line ${lineOf(Number(i))}`);
    outcome.failures.push({ line: writable[k]!.row.line, cells: writable[k]!.row.cells, error: sentence });
  });
  for (const p of prepared) if ("error" in p) outcome.failures.push({ line: p.row.line, cells: p.row.cells, error: p.error });
  outcome.failures.sort((a, b) => a.line - b.line);
  return outcome;
}
