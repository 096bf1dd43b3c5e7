/**
 * Recognizers for the string formats record values and filter operands use. Dates are built with
 * setUTCFullYear rather than Date.UTC, which silently maps years 0–99 to 1900–1999.
 */

// Dot-atom local part (RFC 5322 atext, plus letters and digits of any script, RFC 6531) and a
// hostname with a TLD of letters or punycode. Quoted local parts and IP literals are deliberately
// out: they are legal but in a CRM they are almost always typos.
const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

/** Expects the trimmed, lowercased address; length limits are checked by the caller. */
export function isEmail(s: string): boolean {
  const at = s.lastIndexOf("@");
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return local.length <= 64 && domain.length <= 253 && EMAIL_LOCAL.test(local) && EMAIL_DOMAIN.test(domain);
}

const PHONE = /^[0-9 +\-().]{3,40}$/;

/** Free-form enough for "+1 (555) 010-9999" or "030 1234.56", but it must contain a number. */
export function isPhone(s: string): boolean {
  return PHONE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 3;
}

function hasSpaceOrControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return true;
  }
  return /\s/.test(s);
}

/** An absolute http(s) URL with a host. Whitespace and control characters are refused even though
 * the URL parser would quietly strip or encode them: the stored string is shown as a link as is. */
export function isHttpUrl(s: string): boolean {
  if (hasSpaceOrControl(s)) return false;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

function isLeapYear(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}

function daysInMonth(y: number, m: number): number {
  return [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
}

function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date;
}

function validDay(y: number, mo: number, d: number): boolean {
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "YYYY-MM-DD" that exists on the (proleptic Gregorian) calendar, as midnight UTC; else null. */
export function parseDate(s: string): Date | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDay(y, mo, d) ? utc(y, mo, d) : null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * ISO 8601 / RFC 3339 date-time with an explicit zone ("Z" or ±hh:mm); seconds and fractions are
 * optional, fractions beyond milliseconds are truncated. A zone is required because a local time
 * means a different instant for every user. Instants outside years 1–9999 are refused so that
 * toISOString() keeps its plain four-digit form.
 */
export function parseDateTime(s: string): Date | null {
  const m = DATE_TIME.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const sec = Number(m[6] ?? 0);
  const ms = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || sec > 59) return null;
  let offsetMinutes = 0;
  if (!m[8]) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const instant = new Date(utc(y, mo, d, h, mi, sec, ms).getTime() - offsetMinutes * 60_000);
  const year = instant.getUTCFullYear();
  return year >= 1 && year <= 9999 ? instant : null;
}
