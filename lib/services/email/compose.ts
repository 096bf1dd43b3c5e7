import { randomUUID } from "node:crypto";
import { convert } from "html-to-text";
import sanitizeHtml from "sanitize-html";
import { publicBaseUrl } from "@/lib/config.ts";

/** What people may put in an email's HTML: text formatting, links and images, no script, style or form. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export interface ComposedEmail {
  messageId: string;
  html: string;
  text: string;
}

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The two parts of a message from the HTML its author wrote: the HTML sanitised (sanitize-html),
 * the plain text derived from it (html-to-text), each with the unsubscribe footer when there is a
 * link to put in it, and a Message-ID of our own domain that replies will name.
 */
export function composeEmail(input: { html: string; unsubscribeUrl?: string | null; footerName?: string }): ComposedEmail {
  const body = sanitizeHtml(input.html, SANITIZE);
  const who = escapeHtml(input.footerName ?? "us");
  const footerHtml = input.unsubscribeUrl
    ? `<hr><p style="font-size:12px;color:#5b6675">You receive this email from ${who}. ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a> from these emails.</p>`
    : "";
  const html = `<!doctype html><html><body>${body}${footerHtml}</body></html>`;
  const text =
    convert(body, { wordwrap: 78, selectors: [{ selector: "img", format: "skip" }] }) +
    (input.unsubscribeUrl
      ? `\n\n--\nYou receive this email from ${input.footerName ?? "us"}. Unsubscribe: ${input.unsubscribeUrl}\n`
      : "\n");
  return { messageId: `<${randomUUID()}@${new URL(publicBaseUrl()).hostname}>`, html, text };
}
