/**
 * The guides (docs/guides/*.md) run as written: against one fresh instance, in the map's order,
 * each guide's shell blocks run in one bash (`set -euo pipefail`, so a failing command or an
 * undefined variable fails the guide) in a scratch directory, after its `file=` blocks are saved
 * there. CRM_URL and CRM_API_KEY are the instance's, given as a reader gives them; everything else a
 * guide uses, it defines itself. A block that is not meant to run says `no-run`.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { codeBlocks, fileOf, GUIDES, GUIDES_DIR, RUNNABLE, type CodeBlock } from "@/lib/docs/guides.ts";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";

const ROOT = process.cwd();
const SHOWN_ONLY = new Set(["json", "text", "http", "jsonc", "yaml", "csv", "python", "html"]);
const markdownOf = (slug: string) => readFileSync(path.join(GUIDES_DIR, `${slug}.md`), "utf8");
const runs = (b: CodeBlock) => RUNNABLE.has(b.lang) && !b.flags.includes("no-run");

describe("the guides' map and blocks", () => {
  it("lists every guide file, and every guide it lists is a file", () => {
    const files = readdirSync(GUIDES_DIR).filter((f) => f.endsWith(".md"));
    expect(new Set(files)).toEqual(new Set(GUIDES.map((g) => `${g.slug}.md`)));
  });

  it.each(GUIDES.map((g) => g.slug))("%s: every block says its language; what runs is portable; a program has a file name", (slug) => {
    for (const block of codeBlocks(markdownOf(slug))) {
      expect(RUNNABLE.has(block.lang) || SHOWN_ONLY.has(block.lang), `a block of ${slug} in "${block.lang}"`).toBe(true);
      if (!runs(block)) continue;
      expect(block.code, "uuidgen and jq are missing on many machines").not.toMatch(/\b(uuidgen|jq)\b/);
      if (block.lang !== "sh" && block.lang !== "bash")
        expect(fileOf(block), `a ${block.lang} block of ${slug} names its file=`).toBeTruthy();
    }
  });
});

describe.skipIf(!hasBuild())("the guides, run as written against a fresh instance", () => {
  const server = useAppServer({ env: { WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" } });

  /** Waits until the demo key's bucket has room for a guide (each makes far fewer than 60 requests). */
  async function roomInTheBucket(): Promise<void> {
    const res = await fetch(`${server.url}/api/v1/objects`, { headers: { authorization: `Bearer ${server.demoApiKey()}` } });
    await res.body?.cancel();
    if (Number(res.headers.get("x-ratelimit-remaining")) >= 60) return;
    await sleep(Math.max(0, Number(res.headers.get("x-ratelimit-reset")) * 1000 - Date.now()) + 500);
  }

  it("serves the map at /docs and each guide at /docs/guides/<slug>, linked from the API reference", async () => {
    const index = await fetch(`${server.url}/docs`);
    expect(index.status).toBe(200);
    const html = await index.text();
    for (const g of GUIDES) expect(html).toContain(`href="/docs/guides/${g.slug}"`);
    const guide = await fetch(`${server.url}/docs/guides/versioning`);
    expect(guide.status).toBe(200);
    const page = await guide.text();
    expect(page).toContain("<h1>Versioning and deprecation</h1>");
    expect(page).toContain('<code class="language-ts">');
    expect(page).not.toContain("file=deprecations.ts");
    // A link between guides leads to the other guide's page.
    expect(await (await fetch(`${server.url}/docs/guides/quick-start`)).text()).toContain('href="/docs/guides/records-and-filters"');
    expect((await fetch(`${server.url}/docs/guides/no-such-guide`)).status).toBe(404);
    expect((await fetch(`${server.url}/docs/guides/..%2F..%2FREADME`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/docs/api`)).text()).toContain('href="/docs"');
  });

  it.each(GUIDES.map((g) => g.slug))(
    "%s",
    async (slug) => {
      await roomInTheBucket();
      const dir = path.join(ROOT, "test-results", "guides", slug);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const blocks = codeBlocks(markdownOf(slug)).filter(runs);
      for (const block of blocks) {
        const file = fileOf(block);
        if (file) writeFileSync(path.join(dir, file), block.code);
      }
      const script = ["set -euo pipefail", ...blocks.filter((b) => b.lang === "sh" || b.lang === "bash").map((b) => b.code)].join("\n");
      const proc = spawn("bash", ["-c", script], {
        cwd: dir,
        detached: true,
        env: {
          ...process.env,
          PATH: `${path.join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`,
          CRM_URL: server.url,
          CRM_API_KEY: server.demoApiKey(),
        },
      });
      let output = "";
      proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
      proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
      // Whatever a guide left running in the background (a receiver, crm listen) ends with it.
      try {
        process.kill(-proc.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      expect(code, `${slug} failed; its output:\n${output.slice(-4000)}`).toBe(0);
    },
    150_000,
  );
});
