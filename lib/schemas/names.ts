import { z } from "zod";

/**
 * Path words reserved after objects could already take them as names. No new object may take
 * one; an object that already had one stays an object where paths name objects
 * (assertRecordAccess), and the path's own area decides what it does about it (events: a 409).
 */
export const NEWLY_RESERVED_OBJECT_NAMES = ["events", "imports"] as const;

/**
 * Names that can never be object apiNames: they are (or will be) paths under /api/v1, or the
 * activity object that scopes and roles refer to.
 */
export const RESERVED_OBJECT_NAMES = new Set([
  "objects",
  "data",
  "activities",
  "activity",
  "line-items",
  "line_items",
  "line_item",
  "line-item",
  "attachments",
  "attachment",
  "inventory",
  "adjustments",
  "webhooks",
  "webhook",
  "openapi",
  "openapi.json",
  "postman",
  "postman-collection.json",
  "bulk",
  "search",
  "me",
  "users",
  "user",
  "oauth",
  "mcp",
  "apps",
  "settings",
  "api",
  "records",
  "record",
  "restore",
  "trash",
  "tenant",
  "tenants",
  "role",
  "roles",
  "flows",
  "flow",
  "email",
  "emails",
  "approvals",
  "approval",
  ...NEWLY_RESERVED_OBJECT_NAMES,
]);

/**
 * Object names that are not record objects yet are governed like one: API key object scopes,
 * role permissions and OAuth scopes name them (activities are `activity`, spec 5.2), while their
 * data lives in tables of their own with paths of their own.
 */
export const SCOPE_ONLY_OBJECTS = [{ apiName: "activity", label: "Activity (tasks, calls, emails, meetings, notes)" }] as const;

/** Keys every record carries; fields may not take these names. */
export const SYSTEM_KEYS = ["id", "owner_id", "created_at", "updated_at"] as const;
export const RESERVED_FIELD_NAMES = new Set<string>([...SYSTEM_KEYS, "deleted_at", "tenant_id", "object", "object_id", "trashed"]);

/**
 * Names of Object.prototype's properties as apiNames: `__proto__` is refused as reserved, since
 * assigning it on a plain object replaces the object's prototype. `constructor` is a name like any
 * other (role grants are a Map, and records' values are read as own properties: ownValue). The
 * others (toString, valueOf, __defineGetter__…) break the naming rules anyway.
 */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__"]);

const apiNameShape = z
  .string()
  .trim()
  .refine((s) => !UNSAFE_KEYS.has(s), { message: "is a reserved name", abort: true })
  .min(2, "must be at least 2 characters")
  .max(40, "must be at most 40 characters")
  .regex(/^[a-z][a-z0-9_]*$/, "must start with a lowercase letter and contain only lowercase letters, digits and _")
  .refine((s) => !s.endsWith("_") && !s.includes("__"), "may not end with _ or contain __");

export const objectApiNameSchema = apiNameShape.refine((s) => !RESERVED_OBJECT_NAMES.has(s), "is a reserved name");
export const fieldApiNameSchema = apiNameShape.refine((s) => !RESERVED_FIELD_NAMES.has(s), "is a reserved name");
export const labelSchema = z.string().trim().min(1, "is required").max(80, "must be at most 80 characters");

/**
 * What a record's values (or any object keyed by apiNames) hold under `name`: its own property
 * only. A field may be named `constructor`, and reading it off a record that has no value for it
 * would otherwise find Object.prototype's.
 */
export const ownValue = <T>(values: Readonly<Record<string, T>>, name: string): T | undefined =>
  Object.hasOwn(values, name) ? values[name] : undefined;

/**
 * Where an input holds a key of UNSAFE_KEYS (e.g. ["values", "__proto__"]), or null. Zod drops
 * such a key without a word, so a record body holding one would be taken with the key ignored:
 * the pipeline refuses it instead, as it refuses any name that is not a field. Walked with a
 * stack, not recursion: a deeply nested body must not overflow the call stack.
 */
export function unsafeKeyPath(input: unknown): (string | number)[] | null {
  type Visit = { value: unknown; key: string | number; parent: Visit | null };
  const pathOf = (v: Visit): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at: Visit | null = v; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const seen = new Set<object>();
  const stack: Visit[] = [{ value: input, key: "", parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      if (typeof key === "string" && UNSAFE_KEYS.has(key)) return [...pathOf(visit), key];
      stack.push({ value: child, key, parent: visit });
    }
  }
  return null;
}
