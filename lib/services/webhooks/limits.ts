/** Longest webhook URL accepted (browsers and proxies handle 2,048 reliably). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
