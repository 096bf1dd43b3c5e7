/**
 * Record values without a database: validation and normalization of create/update bodies against
 * an object's fields, and the typed index values (and filter operands) used for filtering/sorting.
 *
 *   const r = validateRecordInput(fields, body, "create");
 *   if (!r.ok) throw invalid(formatValueErrors(r.errors), r.errors);
 *   // check r.lookups exist, then store r.data and indexValues(field, r.data[field.apiName]) per field
 */
export type { IndexValue, LookupRef, RecordInputResult, ValueError } from "./types.ts";
export { formatValueErrors, validateRecordInput } from "./record-input.ts";
export { indexValues } from "./index-values.ts";
export { parseOperand } from "./operand.ts";
export { currencyValue, withScale } from "./decimal.ts";
