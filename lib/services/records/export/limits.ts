/** Paging bounds of the data endpoint, GET /data/{object} (the spec leaves them open). */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE = 1_000_000;
export const MAX_EXPORT_OFFSET = 100_000_000;
