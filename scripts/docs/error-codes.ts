/**
 * Writes the README's error-code table from lib/errors/error-table.ts, between its markers:
 *   npm run docs:errors
 * tests/unit/readme-error-codes.test.ts fails while the README's table differs from the one table.
 */
import { readFile, writeFile } from "node:fs/promises";
import { ERROR_CODES_END, ERROR_CODES_START, errorCodesMarkdown } from "../../lib/errors/error-codes-markdown.ts";

const readme = await readFile("README.md", "utf8");
const start = readme.indexOf(ERROR_CODES_START);
const end = readme.indexOf(ERROR_CODES_END);
if (start < 0 || end < start) throw new Error("README.md has no error-code markers");
const next = `${readme.slice(0, start + ERROR_CODES_START.length)}\n${errorCodesMarkdown()}\n${readme.slice(end)}`;
await writeFile("README.md", next);
console.log(next === readme ? "README.md's error codes were up to date" : "README.md's error codes written");
