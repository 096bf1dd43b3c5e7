/** The path of a record page, for revalidation: built from checked parts only (never from raw input). */
export function recordPagePath(object: string, id: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(object) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new Error("recordPagePath: not an object name and record id");
  return `/records/${object}/${id}`;
}
