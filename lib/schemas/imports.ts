import { z } from "zod";
import { DEFAULT_IMPORT_MAX_BYTES } from "@/lib/config.ts";
import { isSpooledFile, type SpooledFile } from "@/lib/storage/spooled-file.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET } from "./paging.ts";
import { boundedInt } from "./query.ts";

export const IMPORT_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Imports the record-imports job still has work on; the others are final. */
export const ACTIVE_IMPORT_STATUSES: readonly ImportStatus[] = ["queued", "running"];

/** At most this many columns may be mapped by name in one request. */
const MAX_MAPPED_COLUMNS = 1000;

export const importIdSchema = z.uuid({ error: "must be an import id (a uuid)" }).describe("The import's id");

const mappingSchema = z
  .record(z.string().max(1000, "a header is at most 1000 characters"), z.string().max(63).nullable())
  .refine((m) => Object.keys(m).length <= MAX_MAPPED_COLUMNS, `at most ${MAX_MAPPED_COLUMNS} columns`)
  .describe(
    "CSV column header → field apiName (null leaves the column out); columns it does not name are left out. Without it, columns fill " +
      "the fields whose apiName or label they match, ignoring case and accents. In a multipart body, a JSON string.",
  );

/**
 * POST /{object}/imports: the file (a multipart part, which the REST adapter spools: lib/storage/spooled-file.ts)
 * or an attachment already uploaded, and how to write its rows.
 */
export const importRequestSchema = z
  .strictObject({
    file: z
      .custom<SpooledFile>(isSpooledFile, "must be a file part of a multipart/form-data body")
      .optional()
      .describe(`The CSV file (multipart/form-data only), at most IMPORT_MAX_BYTES (${DEFAULT_IMPORT_MAX_BYTES} unless configured)`),
    attachmentId: z
      .uuid({ error: "must be the id (a uuid) of an attachment" })
      .optional()
      .describe("Instead of a file: an attachment already uploaded (POST /attachments) holding the CSV"),
    mode: z
      .enum(["create", "upsert"], { error: "must be create or upsert" })
      .default("create")
      .describe("create (default): every row makes a record; upsert: a row updates the record holding its upsertOn value, or makes one"),
    upsertOn: z
      .string()
      .max(63)
      .optional()
      .describe("With mode upsert: the apiName of a unique field (e.g. email), which every row must have a value for"),
    mapping: mappingSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.file === undefined) === (body.attachmentId === undefined))
      ctx.addIssue({ code: "custom", path: ["file"], message: "send either a file (multipart/form-data) or an attachmentId, not both" });
    if (body.mode === "upsert" && body.upsertOn === undefined)
      ctx.addIssue({ code: "custom", path: ["upsertOn"], message: "is required with mode upsert: a unique field such as email" });
    if (body.mode === "create" && body.upsertOn !== undefined)
      ctx.addIssue({ code: "custom", path: ["upsertOn"], message: "is only for mode upsert" });
  });
export type ImportRequest = z.output<typeof importRequestSchema>;

const instant = () => z.string().nullable().describe("ISO 8601 UTC");

export const importSchema = z
  .object({
    id: z.string().describe("uuid"),
    object: z.string().describe("The apiName of the object the rows become records of"),
    status: z
      .enum(IMPORT_STATUSES)
      .describe("queued → running → done; failed when it could not go on (see error); cancelled by POST …/cancel, before its next batch"),
    mode: z.enum(["create", "upsert"]),
    upsertOn: z.string().nullable(),
    total: z.number().int().describe("Data rows in the file (the header excluded), counted when the import was accepted"),
    processed: z.number().int().describe("Rows done so far (created + updated + failed), in the file's order"),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int().describe("Rows not written; errors_url lists them with the reason"),
    error: z.string().nullable().describe("Why a failed import stopped; null otherwise"),
    errors_url: z.string().describe("GET it for the failed rows as CSV: the file's columns, then row (its line in the file) and error"),
    created_at: z.string().describe("ISO 8601 UTC"),
    started_at: instant().describe("When the job started on it (ISO 8601 UTC); with processed and total, the time left"),
    finished_at: instant().describe("When it became done, failed or cancelled (ISO 8601 UTC)"),
  })
  .meta({
    id: "Import",
    description:
      "A CSV import into one object: its rows are written in batches of 500 through the same checks as bulk creates and upserts.",
  });
export type ApiImport = z.output<typeof importSchema>;

export const importPageSchema = z
  .object({ data: z.array(importSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: "ImportPage" });
export type ImportPage = z.output<typeof importPageSchema>;

export const importPaging = {
  limit: boundedInt(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`).default(DEFAULT_LIMIT).describe("Imports per page"),
  offset: boundedInt(0, MAX_OFFSET, `must be a non-negative integer (at most ${MAX_OFFSET})`).default(0).describe("Imports to skip"),
};

/** What POST /{object}/imports/preview answers: how the columns map, and the first rows as the import would write them. */
export const importPreviewSchema = z
  .object({
    columns: z
      .array(z.object({ header: z.string(), field: z.string().nullable().describe("The field it fills; null: left out") }))
      .describe("The file's columns in order, each with the field the mapping (or matching by apiName or label) gives it"),
    rows: z
      .array(
        z.object({
          row: z.number().int().describe("The line the row starts on in the file (the header is line 1)"),
          cells: z.array(z.string()),
          ok: z.boolean().describe("Whether the import would write it (create, or with upsert create or update)"),
          error: z.string().optional().describe("When ok is false: the sentence the import would give it"),
        }),
      )
      .describe("The first data rows (at most 10), tried with the same checks as the import, and nothing kept"),
  })
  .meta({ id: "ImportPreview" });
export type ImportPreview = z.output<typeof importPreviewSchema>;
