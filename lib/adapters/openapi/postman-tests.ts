import type { RunStep } from "./postman-run.ts";
import type { JsonNode } from "./postman-schemas.ts";

const js = (value: unknown) => JSON.stringify(value);

// The answer's start goes into the message, so a failed run says why (the API's error names it).
const statusTest = (status: number) =>
  `pm.test(${js(`Status is ${status}`)}, () => pm.expect(pm.response.code, "status of " + pm.response.text().slice(0, 300)).to.equal(${status}));`;

/**
 * Every request's test script opens with this: on a 429 (the key's rate limit, shared by every
 * request of the run) it waits as Retry-After says and sends the same request again, at most 5
 * times; its own checks run on the answer after. `checks` is the rest of the script.
 */
export function waitOnRateLimit(checks: string[]): string[] {
  return [
    "// Over the key's rate limit: wait as Retry-After says, then send this request again.",
    'const waited = Number(pm.collectionVariables.get("rateLimitRetries") || 0);',
    "if (pm.response.code === 429 && waited < 5) {",
    '  pm.collectionVariables.set("rateLimitRetries", waited + 1);',
    "  postman.setNextRequest(pm.info.requestId);",
    '  setTimeout(() => {}, Number(pm.response.headers.get("Retry-After") || 1) * 1000);',
    "} else {",
    '  pm.collectionVariables.unset("rateLimitRetries");',
    ...checks.map((line) => `  ${line}`),
    "}",
  ];
}

/** A cleanup request's pre-request script: skipped when a variable its URL needs was never saved (the step that makes it failed). */
export function skipUnlessSaved(variables: string[]): string[] {
  return [
    "// Cleanup: only what this run made; a step that failed saved nothing to remove.",
    `if (${JSON.stringify(variables)}.some((name) => !pm.collectionVariables.get(name))) pm.execution.skipRequest();`,
  ];
}

/**
 * A request's test script: its documented status, its body against the response schema, and the
 * collection variables it saves for the requests after it (each must come out as a non-empty string).
 * With `until`, the request repeats while the condition does not hold yet, and is tested once it does.
 */
export function stepTests(step: RunStep, status: number, schema: JsonNode | undefined, text?: string): string[] {
  return waitOnRateLimit(ownTests(step, status, schema, text));
}

/** The checks of a body: JSON against its schema, a text answer (`text`: its media type) by its type, or none. */
function bodyTests(schema: JsonNode | undefined, text: string | undefined): string[] {
  if (text) return [`pm.test(${js(`Body is ${text}`)}, () => pm.expect(pm.response.headers.get("Content-Type")).to.include(${js(text)}));`];
  return schema === undefined
    ? ['pm.test("No body", () => pm.expect(pm.response.text()).to.equal(""));']
    : [`pm.test("Body matches the response schema", () => pm.response.to.have.jsonSchema(${js(schema)}));`];
}

function ownTests(step: RunStep, status: number, schema: JsonNode | undefined, text?: string): string[] {
  // Cleanup may find the thing gone already (a step of the run removed it): 404 is done too.
  if (step.cleanup)
    return [
      `pm.test(${js(`Status is ${status} or 404`)}, () => pm.expect(pm.response.code, pm.response.text().slice(0, 300)).to.be.oneOf([${status}, 404]));`,
    ];
  // A status that background work may bring instead (orStatus): the body is then an error, not checked.
  if (step.orStatus)
    return [
      `pm.test(${js(`Status is ${status} or ${step.orStatus}`)}, () => pm.expect(pm.response.code, pm.response.text().slice(0, 300)).to.be.oneOf([${status}, ${step.orStatus}]));`,
    ];
  const checks = [
    statusTest(status),
    ...bodyTests(schema, text),
    ...Object.entries(step.save ?? {}).map(
      ([name, expression]) =>
        `pm.test(${js(`Saves ${name}`)}, () => {\n` +
        `  const value = ${expression};\n` +
        `  pm.expect(value, ${js(name)}).to.be.a("string").and.not.empty;\n` +
        `  pm.collectionVariables.set(${js(name)}, value);\n` +
        "});",
    ),
  ];
  const body = schema === undefined || text ? [] : ["const body = pm.response.json();"];
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
export const rawTests = (status: number): string[] => waitOnRateLimit([statusTest(status)]);
