import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked, type Tokens } from "marked";

/** A task guide: docs/guides/<slug>.md, served at /docs/guides/<slug>. The order is the map's. */
export interface Guide {
  slug: string;
  title: string;
  summary: string;
}

export const GUIDES: readonly Guide[] = [
  { slug: "quick-start", title: "Quick start", summary: "Start the app, make your first calls with curl and with the SDK" },
  { slug: "api-keys-and-scopes", title: "API keys and scopes", summary: "Keys, their scopes and rate limits, and the errors they give" },
  {
    slug: "records-and-filters",
    title: "Records and filters",
    summary: "Search, filter, order, page, create idempotently, bulk, upsert, export",
  },
  {
    slug: "webhooks-and-receivers",
    title: "Webhooks and receivers",
    summary: "Register a webhook, verify its signatures, test sends, redeliver",
  },
  {
    slug: "events-and-crm-listen",
    title: "Events and crm listen",
    summary: "The events API, the live stream, and forwarding events to your laptop",
  },
  { slug: "build-an-oauth-app", title: "Build an OAuth app", summary: "Act for users: PKCE, consent, tokens and their rotation" },
  { slug: "build-a-widget", title: "Build a widget", summary: "Embed your page in record pages and the dashboard" },
  { slug: "connect-an-ai-agent", title: "Connect an AI agent", summary: "The MCP server: hosts, OAuth or a key, tools and their errors" },
  { slug: "attachments", title: "Attachments", summary: "Upload files to records in three steps, download them" },
  {
    slug: "activities-line-items-inventory",
    title: "Activities, line items and inventory",
    summary: "Timelines, opportunity lines with exact totals, stock",
  },
  { slug: "email-flows-approvals", title: "Email, flows and approvals", summary: "Marketing email, cadences, and approval processes" },
  { slug: "configuration", title: "Configuration", summary: "Every environment variable the server reads" },
  { slug: "scaling-out", title: "Scaling out", summary: "Several instances on PostgreSQL, Redis and S3" },
  { slug: "versioning", title: "Versioning and deprecation", summary: "What v1 promises, and how an operation is retired" },
];

export const GUIDES_DIR = "docs/guides";

export const guideNamed = (slug: string): Guide | undefined => GUIDES.find((g) => g.slug === slug);

/** The guide's Markdown, or undefined for a name that is not a guide (never a path outside docs/guides). */
export async function readGuide(slug: string): Promise<string | undefined> {
  if (!guideNamed(slug)) return undefined;
  return readFile(path.join(process.cwd(), GUIDES_DIR, `${slug}.md`), "utf8");
}

/** A fenced block of a guide: its language, the words after it (`no-run`, `file=x.mjs`), its code. */
export interface CodeBlock {
  lang: string;
  flags: string[];
  code: string;
}

/** The languages a guide's blocks are run in (tests/server/guides.test.ts); any other block is shown only. */
export const RUNNABLE = new Set(["sh", "bash", "js", "mjs", "ts"]);

export function codeBlocks(markdown: string): CodeBlock[] {
  return new Marked()
    .lexer(markdown)
    .flatMap(function walk(t): Tokens.Code[] {
      if (t.type === "code") return [t as Tokens.Code];
      const children = (t as { tokens?: (typeof t)[] }).tokens ?? (t as { items?: (typeof t)[] }).items ?? [];
      return children.flatMap(walk);
    })
    .map((t) => {
      const [lang = "", ...flags] = (t.lang ?? "").split(/\s+/).filter(Boolean);
      return { lang, flags, code: t.text };
    });
}

/** The file a block is saved as before the guide's shell blocks run (`file=receiver.mjs`). */
export const fileOf = (block: CodeBlock): string | undefined => block.flags.find((f) => f.startsWith("file="))?.slice("file=".length);

/**
 * A guide as HTML: links to other guides (`webhooks-and-receivers.md`) become their pages, and a
 * block's run flags stay out of sight (a saved file's name is shown above it).
 */
export function renderGuide(markdown: string): string {
  const marked = new Marked({
    walkTokens(token) {
      if (token.type === "link") token.href = token.href.replace(/^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/, "/docs/guides/$1$2");
    },
    renderer: {
      code({ text, lang }) {
        const [language = "", ...flags] = (lang ?? "").split(/\s+/).filter(Boolean);
        const file = fileOf({ lang: language, flags, code: text });
        const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        const caption = file ? `<div class="guide-file">${file}</div>` : "";
        // tabindex: a block wider than the page scrolls, and keyboard users must be able to scroll it.
        return `${caption}<pre tabindex="0"><code class="language-${language}">${escaped}</code></pre>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}
