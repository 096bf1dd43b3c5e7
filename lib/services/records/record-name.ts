/** A record's display name: `name` when the object has one, else first + last name. */
export function recordName(data: Record<string, unknown>): string {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  if (str(data.name)) return str(data.name);
  return [str(data.first_name), str(data.last_name)].filter(Boolean).join(" ");
}

/** What a record is called on screen: its name, subject or person's name, else its title or id. */
export function recordTitle(values: Record<string, unknown>): string {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  return recordName(values) || str(values.subject) || str(values.title) || String(values.id ?? "");
}
