/** One problem with a record body. `path` is the field apiName, "" for the body itself. */
export interface ValueError {
  path: string;
  /** Without the path, so callers can prefix it: "must be a valid email address". */
  message: string;
}

/** A lookup value whose target the caller still has to check exists (this module has no database). */
export interface LookupRef {
  field: string;
  targetObject: string;
  id: string;
}

export type RecordInputResult = { ok: true; data: Record<string, unknown>; lookups: LookupRef[] } | { ok: false; errors: ValueError[] };

/** One row's worth of typed columns in the index table; exactly one of them is set for a real value. */
/** No value: every column NULL. */
export const NO_INDEX_VALUE: Readonly<IndexValue> = { text: null, num: null, ts: null };

export interface IndexValue {
  text: string | null;
  num: string | null;
  ts: Date | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
