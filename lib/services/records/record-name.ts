/** A record's display name: `name` when the object has one, else first + last name. */
export function recordName(data: Record<string, unknown>): string {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  if (str(data.name)) return str(data.name);
  return [str(data.first_name), str(data.last_name)].filter(Boolean).join(" ");
}
