/**
 * CHANGELOG.md (Keep a Changelog): a change to the OpenAPI document or the MCP tool list fails
 * this test until the changelog has an entry for it and names the new surface's hash.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiSurfaceHash } from "./api-surface.ts";

const changelog = readFileSync("CHANGELOG.md", "utf8");
const KINDS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"];

/** The release sections: `## [Unreleased]` or `## [1.2.0] - 2026-11-30`, each with its text. */
const sections = changelog
  .split(/^(?=## )/m)
  .slice(1)
  .map((text) => ({ heading: text.split("\n", 1)[0]!, text }));

describe("CHANGELOG.md", () => {
  it("is Keep a Changelog: a title, [Unreleased] first, dated versions, the standard kinds of change", () => {
    expect(changelog.startsWith("# Changelog\n")).toBe(true);
    expect(sections[0]?.heading).toBe("## [Unreleased]");
    for (const { heading } of sections.slice(1)) expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
    for (const kind of changelog.matchAll(/^### (.+)$/gm)) expect(KINDS).toContain(kind[1]);
  });

  it("has an entry for the interface as it is now: the newest api-surface line names its hash", () => {
    const hash = apiSurfaceHash();
    const named = changelog.match(/<!-- api-surface: ([0-9a-f]{16}) -->/)?.[1];
    expect(
      named,
      `The OpenAPI document or the MCP tool list changed: write what changed under ## [Unreleased] in CHANGELOG.md ` +
        `and set its line to <!-- api-surface: ${hash} -->`,
    ).toBe(hash);
    const section = sections.find((s) => s.text.includes(`<!-- api-surface: ${hash} -->`))!;
    expect(section.text, "the section that names the hash has entries").toMatch(/^### \w+\n+- \S/m);
  });
});
