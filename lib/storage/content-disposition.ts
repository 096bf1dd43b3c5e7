/**
 * `Content-Disposition: attachment` with the file name as RFC 6266 wants it: `filename*` in
 * UTF-8 (RFC 8187) for every client that reads it, and an ASCII `filename` fallback for the few
 * that do not. Always `attachment`: a downloaded file is never rendered inline.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/** RFC 8187 value-chars: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
