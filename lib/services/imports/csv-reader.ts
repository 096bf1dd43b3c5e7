import { parse, type CsvError } from "csv-parse";
import { invalid } from "@/lib/errors/app-error.ts";

/** One record of the file: its cells, and the line it starts on (1-based; quoted newlines make records span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export type Delimiter = "," | ";";

/** How far into the file the header line must end: a "header" longer than this is no header. */
const MAX_HEADER_CHARS = 1024 * 1024;
/** Cells of a record: far more columns than any object has fields. */
const MAX_COLUMNS = 1000;

/**
 * The delimiter of the header line: `;` when it has more of them than `,` outside quotes (the
 * export of spreadsheet programs in locales whose decimal mark is a comma), else `,`.
 */
export function detectDelimiter(text: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** The text up to the first line break outside quotes, or null when it has not arrived yet. */
function headerLine(text: string): string | null {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) return text.slice(0, i);
  }
  return null;
}

const unreadable = (message: string) => invalid(`file: ${message}`, [{ path: "file", message }]);

/** The file's bytes as text, refusing bytes that are not UTF-8 (never read as U+FFFD and stored). */
async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) throw unreadable("is not UTF-8 text (save the CSV as UTF-8)");
    throw err;
  }
}

/** What csv-parse's commonest refusals mean, in the API's words. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed",
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted cell must be doubled ("")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "a quoted cell must end at a delimiter or the end of the line",
};

/** csv-parse's error as a sentence naming the line; `lastEnd` is the line the last good record ended on. */
function parseError(err: CsvError, lastEnd: number): Error {
  // An unclosed quote is only found at the end of the file: it opened in the record after the last good one.
  const line = err.code === "CSV_QUOTE_NOT_CLOSED" ? lastEnd + 1 : ((err as CsvError & { lines?: number }).lines ?? "?");
  return unreadable(`line ${line}: ${CSV_PROBLEMS[err.code] ?? err.message}`);
}

/**
 * The file's records, the header first, parsed by csv-parse as a stream: UTF-8 with or without a
 * BOM, `,` or `;` (detected from the header line), quoted cells holding delimiters, quotes ("")
 * and line breaks, CRLF or LF, empty lines skipped. Records may have fewer or more cells than the
 * header: each is the caller's to judge (a failed row, not a failed file).
 */
export async function* csvRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<CsvRow> {
  let pending = "";
  let lastEnd = 0;
  const text = utf8Text(bytes);
  async function* records(parser: AsyncIterable<unknown>): AsyncGenerator<CsvRow> {
    for await (const out of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (out.record.length > MAX_COLUMNS) throw unreadable(`line ${out.info.lines}: more than ${MAX_COLUMNS} columns`);
      // csv-parse reports the line a record ends on: its first is that less the line breaks inside its cells.
      const inside = out.record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      lastEnd = out.info.lines;
      yield { line: out.info.lines - inside, cells: out.record };
    }
  }
  // The header line decides the delimiter: read until it is complete (without closing the text stream).
  for (let next = await text.next(); !next.done; next = await text.next()) {
    pending += next.value;
    if (headerLine(pending) !== null || pending.length >= MAX_HEADER_CHARS) break;
  }
  const line = headerLine(pending) ?? pending;
  const parser = parse({ delimiter: detectDelimiter(line), bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  const feeding = feed(parser, text, pending);
  try {
    yield* records(parser);
  } catch (err) {
    if (err && typeof err === "object" && "code" in err && String((err as CsvError).code).startsWith("CSV_"))
      throw parseError(err as CsvError, lastEnd);
    throw err;
  } finally {
    parser.destroy();
    await text.return(undefined);
    await feeding.catch(() => undefined);
  }
}

/** Writes the text into the parser with backpressure; a failure reading the file destroys the parser with it. */
async function feed(parser: ReturnType<typeof parse>, text: AsyncGenerator<string>, first: string): Promise<void> {
  // Whichever of drain and close comes first ends the wait, and both listeners go: a listener left
  // behind at each full buffer piled up (Node warned of 11 close listeners in a 100,000-row import).
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off("drain", done).off("close", done);
        resolve();
      };
      parser.once("drain", done).once("close", done);
    });
  const write = async (chunk: string) => {
    if (!parser.write(chunk)) await drained();
  };
  try {
    await write(first);
    for await (const chunk of text) {
      if (parser.destroyed) return;
      await write(chunk);
    }
    parser.end();
  } catch (err) {
    parser.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
