/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, a cell quoted when it holds a quote,
 * a comma, a line break or edge spaces, quotes doubled), safe to open: a text cell a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) gets a leading quote (OWASP "CSV injection").
 * Numbers, negative ones included, stay numbers.
 */
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record ended by CRLF. */
export const csvLine = (cells: (string | null | undefined)[]): string => `${cells.map(csvCell).join(",")}\r\n`;
