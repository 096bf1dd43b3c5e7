/** An instant as the app shows it everywhere: "2026-11-27 14:05 UTC"; `none` when there is none (an unreadable one as it is). */
export function utcMinute(instant: string | Date | null | undefined, none = ""): string {
  if (!instant) return none;
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

/** An instant to the second, for logs where several lines share a minute: "2026-11-27 14:05:09 UTC". */
export function utcSecond(instant: string | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant) : `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`;
}
