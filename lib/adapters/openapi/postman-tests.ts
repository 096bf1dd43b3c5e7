import type { RunStep } from "./postman-run.ts";
import type { JsonNode } from "./postman-schemas.ts";

const js = (value: unknown) => JSON.stringify(value);

// The answer's start goes into the message, so a failed run says why (the API's error names it).
const statusTest = (status: number) =>
  `pm.test(${js(`Status is ${status}`)}, () => pm.expect(pm.response.code, "status of " + pm.response.text().slice(0, 300)).to.equal(${status}));`;

/**
 * A request's test script: its documented status, its body against the response schema, and the
 * collection variables it saves for the requests after it (each must come out as a non-empty string).
 * With `until`, the request repeats while the condition does not hold yet, and is tested once it does.
 */
export function stepTests(step: RunStep, status: number, schema: JsonNode | undefined): string[] {
  const checks = [
    statusTest(status),
    ...(schema === undefined
      ? ['pm.test("No body", () => pm.expect(pm.response.text()).to.equal(""));']
      : [`pm.test("Body matches the response schema", () => pm.response.to.have.jsonSchema(${js(schema)}));`]),
    ...Object.entries(step.save ?? {}).map(
      ([name, expression]) =>
        `pm.test(${js(`Saves ${name}`)}, () => {\n` +
        `  const value = ${expression};\n` +
        `  pm.expect(value, ${js(name)}).to.be.a("string").and.not.empty;\n` +
        `  pm.collectionVariables.set(${js(name)}, value);\n` +
        "});",
    ),
  ];
  const body = schema === undefined ? [] : ["const body = pm.response.json();"];
  if (!step.until) return [...body, ...checks];
  return [
    ...body,
    "// Background work: ask again (at most 20 times, 250 ms apart) until it is done.",
    'const attempt = Number(pm.collectionVariables.get("attempt") || 0);',
    `if (pm.response.code === ${status} && !(${step.until}) && attempt < 20) {`,
    '  pm.collectionVariables.set("attempt", attempt + 1);',
    "  postman.setNextRequest(pm.info.requestId);",
    "  setTimeout(() => {}, 250);",
    "} else {",
    '  pm.collectionVariables.unset("attempt");',
    ...checks.map((line) => `  ${line}`),
    "}",
  ];
}

/** A request outside the API (the upload): its status only. */
export const rawTests = (status: number): string[] => [statusTest(status)];
