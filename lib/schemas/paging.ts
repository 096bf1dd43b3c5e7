/**
 * Bounds and defaults of the list and data endpoints: the schemas publish them (OpenAPI, MCP) and
 * enforce them, so the services receive values already within them.
 */
export const MAX_FILTERS = 12;
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 50;
/** Deep offsets make the database scan and discard every skipped row; past this, clients should narrow with filters. */
export const MAX_OFFSET = 10_000_000;

/** The data endpoint, GET /data/{object} (the spec leaves its paging open). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE = 1_000_000;
export const MAX_EXPORT_OFFSET = 100_000_000;
