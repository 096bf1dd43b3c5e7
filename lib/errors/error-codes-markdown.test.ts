import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CODES_END, ERROR_CODES_START, errorCodesMarkdown } from "./error-codes-markdown.ts";
import { ERROR_TABLE } from "./error-table.ts";

describe("the README's error codes", () => {
  it("are the error table's, one row per code (npm run docs:errors writes them)", () => {
    const readme = readFileSync("README.md", "utf8");
    const start = readme.indexOf(ERROR_CODES_START);
    const end = readme.indexOf(ERROR_CODES_END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + ERROR_CODES_START.length, end).trim()).toBe(errorCodesMarkdown());
    for (const code of Object.keys(ERROR_TABLE)) expect(errorCodesMarkdown()).toContain(`| \`${code}\` |`);
  });
});
