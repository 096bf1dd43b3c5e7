/** An instant as the app shows it everywhere: "2026-11-27 14:05 UTC"; `none` when there is none (an unreadable one as it is). */
export function utcMinute(instant: string | Date | null | undefined, none = ""): string {
  if (!instant) return none;
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}
