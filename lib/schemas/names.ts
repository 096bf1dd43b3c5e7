import { z } from "zod";

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

const apiNameShape = z
  .string()
  .trim()
  .min(2, "must be at least 2 characters")
  .max(40, "must be at most 40 characters")
  .regex(/^[a-z][a-z0-9_]*$/, "must start with a lowercase letter and contain only lowercase letters, digits and _")
  .refine((s) => !s.endsWith("_") && !s.includes("__"), "may not end with _ or contain __");

export const objectApiNameSchema = apiNameShape.refine((s) => !RESERVED_OBJECT_NAMES.has(s), "is a reserved name");
export const fieldApiNameSchema = apiNameShape.refine((s) => !RESERVED_FIELD_NAMES.has(s), "is a reserved name");
export const labelSchema = z.string().trim().min(1, "is required").max(80, "must be at most 80 characters");
