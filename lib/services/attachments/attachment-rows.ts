import { Prisma } from "@/lib/db/generated/client.ts";
import { prepared } from "@/lib/db/tenant.ts";
import type { ApiAttachment } from "@/lib/schemas/attachments.ts";

export interface AttachmentRow {
  id: string;
  object_api_name: string;
  record_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  created_by_id: string;
  created_at: Date;
}

export const ATTACHMENT_COLUMNS = Prisma.sql`a.id::text, a.object_api_name, a.record_id::text, a.storage_key, a.file_name, a.content_type,
  a.size::float8 AS size, a.created_by_id::text, a.created_at`;

/** Only attachments of live records of live objects are seen: trashing a record hides its files, restoring shows them again. */
export const LIVE_RECORD_JOIN = Prisma.sql`JOIN record r ON r.tenant_id = a.tenant_id AND r.id = a.record_id AND r.deleted_at IS NULL
  JOIN object_def o ON o.tenant_id = r.tenant_id AND o.id = r.object_id AND o.archived_at IS NULL`;

export function toApi(r: AttachmentRow): ApiAttachment {
  return {
    id: r.id,
    recordId: r.record_id,
    objectApiName: r.object_api_name,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    createdBy: r.created_by_id,
    created_at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
  };
}

/** One attachment of a live record by id: prepared once per connection, and guessed ahead by getAttachmentOp's prefetch. */
export function attachmentStatement(tenantId: string, id: string, lock = false): Prisma.Sql {
  return prepared(
    lock ? "attachment_for_update" : "attachment_by_id",
    Prisma.sql`SELECT ${ATTACHMENT_COLUMNS} FROM attachment a ${LIVE_RECORD_JOIN}
      WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id}::uuid ${lock ? Prisma.sql`FOR UPDATE OF a` : Prisma.empty}`,
  );
}
