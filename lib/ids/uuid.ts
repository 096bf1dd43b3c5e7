const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any uuid version: ids may come from other systems (imports), so only the shape is checked. */
export const isUuid = (s: string): boolean => UUID.test(s);
