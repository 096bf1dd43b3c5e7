import type { ApiOperation } from "./openapi-types.ts";
import { exampleFromSchema, type Components } from "./schema-utils.ts";

/** What the user has typed for one operation; shared by the curl example and the Try it panel. */
export interface RequestDraft {
  params: Record<string, string>;
  body: string;
}

export function initialDraft(op: ApiOperation, components: Components): RequestDraft {
  return {
    params: Object.fromEntries(op.parameters.map((p) => [p.name, ""])),
    body: op.requestBody ? JSON.stringify(exampleFromSchema(op.requestBody.schema, components), null, 2) : "",
  };
}

export function missingRequired(op: ApiOperation, draft: RequestDraft): string[] {
  return op.parameters.filter((p) => p.required && !(draft.params[p.name] ?? "").trim()).map((p) => p.name);
}

/**
 * The path and query for the draft. Values are percent-encoded, so a value cannot add path
 * segments or query parameters of its own. Unfilled path params stay as `{name}` for display.
 */
export function requestTarget(op: ApiOperation, draft: RequestDraft): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (placeholder, name: string) => {
    const value = (draft.params[name] ?? "").trim();
    return value ? encodeURIComponent(value) : placeholder;
  });
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = (draft.params[p.name] ?? "").trim();
    if (p.in === "query" && value) query.append(p.name, value);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

const shellQuote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** Compact JSON when the draft parses, so the command stays one line per flag; otherwise the raw text. */
function bodyForCurl(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body.trim();
  }
}

/**
 * The key is always the $API_KEY variable: the page never holds a key, and curl commands get
 * pasted into tickets and chats.
 */
export function curlCommand(op: ApiOperation, serverUrl: string, draft: RequestDraft): string {
  const url = serverUrl.replace(/\/+$/, "") + requestTarget(op, draft);
  // -g: an unfilled `{name}` placeholder would otherwise be taken for curl's URL globbing.
  const glob = url.includes("{") ? "-g " : "";
  const lines = [`curl ${glob}-X ${op.method} ${shellQuote(url)}`, `  -H "Authorization: Bearer $API_KEY"`];
  if (op.requestBody && draft.body.trim()) {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(bodyForCurl(draft.body))}`);
  }
  return lines.join(" \\\n");
}
