import contentType from "content-type";

/** The type every download whose own type is not known to be passive goes out as. */
export const OPAQUE_TYPE = "application/octet-stream";

/** Passive types outside image/, audio/ and video/: shown by a browser, never run. */
const PASSIVE = new Set(["application/pdf", "text/plain", "text/csv"]);
const PASSIVE_TOP_LEVEL = new Set(["image", "audio", "video"]);

/**
 * The Content-Type a downloaded attachment is served with. Uploads may declare any media type
 * (HTML mail exports, SVG logos and XML e-invoices are ordinary attachments, and the API answers
 * the declared type), but a type is served as declared only when it is passive: PDF, plain text,
 * CSV, and images, sound and video (except SVG and any other `+xml`, which are documents that can
 * run script). Everything else — HTML, XHTML, XML, JavaScript, CSS (a same-origin stylesheet the
 * file's bytes would become) and any type not in this list — is served as
 * application/octet-stream, so no browser renders or runs it even where Content-Disposition:
 * attachment is ignored. An allow list, because a list of dangerous types is never complete.
 */
export function servedContentType(declared: string): string {
  let essence: string;
  try {
    essence = contentType.parse(declared).type;
  } catch {
    return OPAQUE_TYPE;
  }
  const [top, subtype = ""] = essence.split("/");
  const passive = PASSIVE.has(essence) || (PASSIVE_TOP_LEVEL.has(top!) && !subtype.endsWith("+xml"));
  return passive ? declared : OPAQUE_TYPE;
}
