/** The path of a record page, for revalidation: built from checked parts only; null for anything else (nothing to revalidate). */
export function recordPagePath(object: string, id: string): string | null {
  return /^[a-z][a-z0-9_]{0,62}$/.test(object) && /^[0-9a-f-]{36}$/i.test(id) ? `/records/${object}/${id}` : null;
}
