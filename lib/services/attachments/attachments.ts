import { assertObjectAccess, canSeeObject } from "@/lib/auth/access.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import type {
  ApiAttachment,
  AttachmentListParams,
  AttachmentPage,
  AttachmentWithDownload,
  RegisterRequest,
  UploadRequest,
  UploadTicket,
} from "@/lib/schemas/attachments.ts";
import { getAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { UPLOAD_URL_TTL_SECONDS } from "@/lib/storage/store-contract.ts";
import { newStorageKey } from "@/lib/storage/storage-key.ts";
import { liveRecord } from "@/lib/services/activities/linked-record.ts";
import { ATTACHMENT_COLUMNS, attachmentStatement, toApi, type AttachmentRow } from "./attachment-rows.ts";
import { credentialRef } from "./credential-ref.ts";

/**
 * An upload URL that is never registered is deleted (bytes and row) this long after step 1 by the
 * attachment-uploads job; step 3 must come before (README "Attachments").
 */
export const UNREGISTERED_UPLOAD_HOURS = 24;

/**
 * The record must be a live record of the object, in the tenant, of an object the caller can see
 * at all (canSeeObject: a token with only records:write:contact still sees contacts): else not
 * found, as for an id that does not exist. The operation's authorize has checked the action.
 */
async function assertLiveRecord(tx: SqlTx, p: Principal, objectApiName: string, recordId: string): Promise<void> {
  if (!canSeeObject(p, objectApiName) || !(await liveRecord(tx, p, objectApiName, recordId))) throw notFound(`Record '${recordId}'`);
}

/** Step 1: a signed upload URL bound to the file's type and size, and the storage key step 3 registers. */
export async function createUploadUrl(tx: SqlTx, p: Principal, input: UploadRequest): Promise<UploadTicket> {
  await assertLiveRecord(tx, p, input.objectApiName, input.recordId);
  const storageKey = newStorageKey(p.tenantId);
  const ticket = await getAttachmentStore().signUpload(storageKey, { contentType: input.contentType, size: input.size });
  await tx.$executeRaw`
    INSERT INTO attachment_upload (tenant_id, storage_key, object_api_name, record_id, file_name, content_type, size, credential,
      created_by_id, created_at, purge_after)
    VALUES (${p.tenantId}::uuid, ${storageKey}, ${input.objectApiName}, ${input.recordId}::uuid, ${input.fileName}, ${input.contentType},
      ${input.size}, ${credentialRef(p)}, ${p.userId}::uuid, now(), now() + make_interval(hours => ${UNREGISTERED_UPLOAD_HOURS}::int))`;
  return { uploadUrl: ticket.url, method: "PUT", headers: ticket.headers, storageKey, expiresAt: ticket.expiresAt.toISOString() };
}

interface UploadRow {
  object_api_name: string;
  record_id: string;
  content_type: string;
  size: number;
  credential: string;
  expired: boolean;
}

/** The credential of a deleted attachment's tombstone upload row: nobody's. */
const DELETED = "deleted";

const keyError = (message: string) => invalid(`storageKey: ${message}`, [{ path: "storageKey", message }]);

/** Why the key cannot be registered, when there is no upload waiting under it. */
async function missingUpload(tx: SqlTx, p: Principal, storageKey: string): Promise<never> {
  const [done] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM attachment WHERE tenant_id = ${p.tenantId}::uuid AND storage_key = ${storageKey}`;
  if (done) throw keyError(`is already registered (attachment ${done.id})`);
  throw keyError(
    `no upload is waiting under this key: it was not issued to this tenant, or it was not registered within ${UNREGISTERED_UPLOAD_HOURS} hours`,
  );
}

/**
 * Step 3: the upload issued in step 1 to this credential, for this record, becomes an attachment
 * once the store holds a file of exactly the announced size and type. The upload row is locked
 * (the purge job skips it meanwhile) and deleted with the registration, so a key registers once.
 */
export async function registerAttachment(tx: SqlTx, p: Principal, input: RegisterRequest): Promise<ApiAttachment> {
  await assertLiveRecord(tx, p, input.objectApiName, input.recordId);
  const [upload] = await tx.$queryRaw<UploadRow[]>`
    SELECT object_api_name, record_id::text, content_type, size::float8 AS size, credential, purge_after <= now() AS expired
    FROM attachment_upload WHERE tenant_id = ${p.tenantId}::uuid AND storage_key = ${input.storageKey} FOR UPDATE`;
  if (!upload) return missingUpload(tx, p, input.storageKey);
  if (upload.credential === DELETED) throw keyError("belongs to an attachment that was deleted");
  if (upload.credential !== credentialRef(p))
    throw keyError("was issued to another credential: register it with the API key, app or user that asked for the upload URL");
  if (upload.record_id !== input.recordId.toLowerCase() || upload.object_api_name !== input.objectApiName)
    throw keyError(`was issued for another record (${upload.object_api_name} ${upload.record_id})`);
  if (upload.expired) throw keyError(`was not registered within ${UNREGISTERED_UPLOAD_HOURS} hours; ask for a new upload URL`);
  if (Number(upload.size) !== input.size)
    throw invalid(`size: ${input.size} differs from the ${upload.size} bytes announced in step 1`, [
      { path: "size", message: `must be ${upload.size}, as announced in step 1` },
    ]);
  if (upload.content_type !== input.contentType)
    throw invalid(`contentType: '${input.contentType}' differs from '${upload.content_type}' announced in step 1`, [
      { path: "contentType", message: `must be ${upload.content_type}, as announced in step 1` },
    ]);
  const stored = await getAttachmentStore().head(input.storageKey);
  if (!stored) throw keyError("no file has been uploaded under this key: PUT its bytes to the uploadUrl of step 1 first");
  if (stored.size !== input.size) throw keyError(`the uploaded file has ${stored.size} bytes, not the ${input.size} announced`);
  if (stored.contentType !== input.contentType)
    throw keyError(`the uploaded file's type is '${stored.contentType}', not '${input.contentType}' as announced`);
  const [row] = await tx.$queryRaw<AttachmentRow[]>`
    WITH gone AS (DELETE FROM attachment_upload WHERE tenant_id = ${p.tenantId}::uuid AND storage_key = ${input.storageKey})
    INSERT INTO attachment AS a (tenant_id, id, object_api_name, record_id, storage_key, file_name, content_type, size, created_by_id, created_at)
    VALUES (${p.tenantId}::uuid, ${uuidV7()}::uuid, ${input.objectApiName}, ${input.recordId}::uuid, ${input.storageKey}, ${input.fileName},
      ${input.contentType}, ${input.size}, ${p.userId}::uuid, now())
    RETURNING ${ATTACHMENT_COLUMNS}`;
  return toApi(row!);
}

/** A record's files, newest first, with the exact total. */
export async function listAttachments(tx: SqlTx, p: Principal, q: AttachmentListParams): Promise<AttachmentPage> {
  await assertLiveRecord(tx, p, q.objectApiName, q.recordId);
  const rows = await tx.$queryRaw<(AttachmentRow & { total: number })[]>`
    SELECT ${ATTACHMENT_COLUMNS}, count(*) OVER ()::int AS total FROM attachment a
    WHERE a.tenant_id = ${p.tenantId}::uuid AND a.record_id = ${q.recordId}::uuid AND a.object_api_name = ${q.objectApiName}
    ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`;
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset > 0) {
    const [count] = await tx.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM attachment
      WHERE tenant_id = ${p.tenantId}::uuid AND record_id = ${q.recordId}::uuid AND object_api_name = ${q.objectApiName}`;
    total = count?.n ?? 0;
  }
  return { data: rows.map(toApi), total, limit: q.limit, offset: q.offset };
}

/** An attachment the caller may see: of a live record of an object it can see; otherwise not found. */
async function findAttachment(tx: SqlTx, p: Principal, id: string, lock = false): Promise<AttachmentRow> {
  const [row] = await tx.$queryRaw<AttachmentRow[]>(attachmentStatement(p.tenantId, id, lock));
  if (!row || !canSeeObject(p, row.object_api_name)) throw notFound(`Attachment '${id}'`);
  return row;
}

/** Metadata and a download URL valid 5 minutes (spec 8); no public URL is ever issued. */
export async function getAttachment(tx: SqlTx, p: Principal, id: string): Promise<AttachmentWithDownload> {
  const row = await findAttachment(tx, p, id);
  assertObjectAccess(p, row.object_api_name, "read");
  const link = await getAttachmentStore().signDownload(row.storage_key, { contentType: row.content_type, fileName: row.file_name });
  return { ...toApi(row), downloadUrl: link.url, expiresAt: link.expiresAt.toISOString() };
}

/**
 * Deletes the metadata and the bytes (spec 5.2: needs the delete permission on the record's
 * object). The bytes go before the transaction commits: a store that fails answers 503 and
 * nothing is deleted. The key stays behind as an upload row nobody can register, which the
 * attachment-uploads job deletes, bytes included, once every upload URL of the key has expired:
 * a PUT to a leaked URL in the meantime leaves no file behind.
 */
export async function deleteAttachment(tx: SqlTx, p: Principal, id: string): Promise<void> {
  const row = await findAttachment(tx, p, id, true);
  assertObjectAccess(p, row.object_api_name, "delete");
  await tx.$executeRaw`
    WITH gone AS (DELETE FROM attachment WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid)
    INSERT INTO attachment_upload (tenant_id, storage_key, object_api_name, record_id, file_name, content_type, size, credential,
      created_by_id, created_at, purge_after)
    VALUES (${p.tenantId}::uuid, ${row.storage_key}, ${row.object_api_name}, ${row.record_id}::uuid, ${row.file_name}, ${row.content_type},
      ${row.size}, ${DELETED}, ${p.userId}::uuid, now(), now() + make_interval(secs => ${UPLOAD_URL_TTL_SECONDS + 60}::int))`;
  await getAttachmentStore().delete(row.storage_key);
}
