import type { ErrorDetail } from "@/lib/errors/app-error.ts";
import type { ErrorBody } from "@/lib/errors/to-response.ts";

// Services name the one field a refusal is about at the start of its message, as validation
// details do: "apiName: an object named 'x' already exists".
const FIELD_MESSAGE = /^([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): (.+)$/s;

/**
 * The field errors of a refused form, with paths as the form names its inputs: the validation
 * details, or the field a service's message starts with. `under` drops the key an operation nests
 * the form's values in (fields.create takes `{objectApiName, field: {...}}`).
 */
export function formDetails(body: ErrorBody, under?: string): ErrorDetail[] | undefined {
  let details = body.details;
  if (!details && (body.code === "invalid_request" || body.code === "conflict")) {
    const m = FIELD_MESSAGE.exec(body.error);
    if (m) details = [{ path: m[1]!, message: m[2]! }];
  }
  const prefix = `${under}.`;
  return under ? details?.map((d) => (d.path.startsWith(prefix) ? { ...d, path: d.path.slice(prefix.length) } : d)) : details;
}

/**
 * How a form shows an error's path: by the input's label, and an entry of a list by its number and
 * key (`options.2.value` of the input `options` labelled "Options", entries "Option" → "Option 3 value").
 */
export function fieldTitle(path: string, name: string, label: string, item?: string): string {
  const rest = path === name ? [] : path.slice(name.length + 1).split(".");
  const [first, ...more] = rest;
  if (first === undefined) return label;
  if (item && /^\d+$/.test(first)) return [`${item} ${Number(first) + 1}`, ...more].join(" ");
  return [label, ...rest].join(" ");
}
