import type { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import type { ErrorCode } from "@/lib/errors/error-table.ts";
import type { AuditEntry } from "@/lib/services/audit/audit-log.ts";

export interface OperationContext {
  tx: SqlTx;
  principal: Principal;
  requestId: string;
}

/**
 * An operation on its way out (docs/guides/versioning.md; lib/operations/deprecation.ts): from `since` it answers with
 * `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers and a `Link` to its replacement, is
 * `deprecated: true` in the OpenAPI document and says so in its MCP tool's description; on
 * `sunset` it may be removed. Dates are ISO 8601 days (UTC).
 */
export interface Deprecation {
  since: string;
  sunset: string;
  /** The operation to use instead, by name (`records.list`). */
  replacement?: string;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface HttpBinding {
  method: HttpMethod;
  /** Relative to /api/v1, OpenAPI style: `/objects/{apiName}`. */
  path: string;
  /** Success status (200 unless stated). */
  status?: number;
  /** The input key that receives the JSON body; other keys come from the path and query. */
  body?: string;
  /** The body may be left out altogether (no Content-Type, nothing sent): the input key is then undefined (its schema's default). */
  optionalBody?: boolean;
  /** The body may also be multipart/form-data carrying a file (beside JSON): how its parts become the body. */
  upload?: UploadBinding;
  /** The success answer is this media type rather than JSON: the output is its text (a CSV download). */
  produces?: "text/csv";
}

/**
 * A file sent as multipart/form-data (an imported CSV): the part `part` reaches the operation as a
 * SpooledFile (lib/storage/spooled-file.ts), written to a temporary file as it arrived and removed
 * once the operation answered; the other parts are fields, the `jsonParts` among them parsed as JSON.
 */
export interface UploadBinding {
  part: string;
  /** The file's cap: past it, 413 (the rest of the body is discarded). */
  maxBytes(): number;
  /** The setting that cap comes from, named in the 413's message and the OpenAPI document. */
  limitName: string;
  jsonParts?: string[];
}

/** All four MCP tool annotations, always set: the protocol's defaults are the pessimistic ones. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * How an operation appears as an MCP tool. Its arguments are the operation's input, typed as the
 * input declares it (numbers and booleans where REST has query strings), adjusted only by the
 * fields below; the operation then validates them exactly as for REST, so both surfaces give the
 * same messages. Unknown arguments are refused, never silently dropped.
 */
export interface McpBinding {
  tool: string;
  title: string;
  /** Written for a model: what it does, when to use it, its limits. */
  description: string;
  annotations: ToolAnnotations;
  /** Input keys the tool names otherwise, e.g. `{ filter: "filters" }` (a list reads better plural as one argument). */
  rename?: Record<string, string>;
  /**
   * The input key holding the JSON body whose properties the tool takes as arguments of its own
   * (`{type, subject, record_id}` rather than `{activity: {...}}`): models fill flat arguments best.
   */
  flatten?: string;
  /** Input keys the tool does not offer. */
  omit?: string[];
  /** Defaults that differ from REST's, by input key (tool pages are small: a model pays for every row). */
  defaults?: Record<string, unknown>;
  /**
   * Only for a tool whose arguments differ in structure from the input (bulk tools take the list
   * itself, REST a JSON body holding it): strict arguments, typed only, and their mapping.
   */
  custom?: {
    args: z.ZodObject;
    toInput(args: Record<string, unknown>): Record<string, unknown>;
    /** How some arguments are listed instead of `args`' own JSON Schema (a portable form it also takes). */
    listed?: Record<string, unknown>;
  };
  /** The structured result, when the operation's output is not a JSON object (delete answers null). */
  toResult?(output: unknown, args: Record<string, unknown>): Record<string, unknown>;
  result?: z.ZodObject;
}

/**
 * One operation, declared once. REST routes, MCP tools and the OpenAPI document are all
 * generated from these fields; `run` knows nothing about HTTP.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  summary: string;
  description: string;
  /** The OAuth-style scope this needs, for documentation; `authorize` enforces the details. */
  scope: string;
  http?: HttpBinding;
  mcp?: McpBinding;
  /** On its way out: headers, OpenAPI and the tool's description say so (lib/operations/deprecation.ts). */
  deprecated?: Deprecation;
  input: I;
  output: O;
  /** Errors besides the ones every authenticated call can give (401, 429, 500). */
  errors: ErrorCode[];
  /** Throws an AppError when the principal may not do this; runs after the input is parsed. */
  authorize(principal: Principal, input: z.output<I>): void;
  /** Runs in the tenant's transaction on the driver (withTenantSql): raw SQL on SqlTx, the one way to the database. */
  run(ctx: OperationContext, input: z.output<I>): Promise<z.input<O>>;
  /**
   * An audited change: the audit-log entry (Settings → Audit log) written in the change's own
   * transaction once `run` succeeded, or null when nothing is worth one. It names what changed,
   * never a secret, whatever the output holds.
   */
  audit?(input: z.output<I>, output: z.output<O>): AuditEntry | AuditEntry[] | null;
  /**
   * A read `run` will start with, guessed from the raw input before the credential is checked,
   * to travel with the credential lookup (SqlTx.prefetch). Its answer is used only if `run` then
   * asks exactly that statement, after every check has passed.
   */
  prefetch?(tenantId: string, raw: Record<string, unknown>): Prisma.Sql | undefined;
}

/** Declares an operation, its input and output types tied together. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType>(op: Operation<I, O>): Operation<I, O> {
  return op;
}

/** Annotations of the three kinds of tools there are (notes/mcp.md 5.2). */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const CREATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Updates overwrite values and deletes trash records: both destructive, both safe to repeat. */
export const CHANGES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

/** Tool pages are small by default: a model pays for every row it is sent. */
export const TOOL_PAGE_SIZE = 20;
