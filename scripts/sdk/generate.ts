/**
 * Writes the SDK's types from the registry's OpenAPI document:
 *   npm run sdk:generate
 * tests/sdk/generated-types.test.ts fails while the committed file differs from a fresh one.
 */
import { readFile, writeFile } from "node:fs/promises";
import { openApiDocument } from "../../lib/adapters/openapi/openapi-document.ts";
import { openApiTypes } from "../../packages/crm-cli/src/types.mts";

const FILE = "packages/sdk/src/openapi.ts";
const next = await openApiTypes(openApiDocument());
const before = await readFile(FILE, "utf8").catch(() => "");
await writeFile(FILE, next);
console.log(next === before ? `${FILE} was up to date` : `${FILE} written`);
