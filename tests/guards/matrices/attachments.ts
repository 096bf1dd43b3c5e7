/**
 * The authentication and authorization matrix (spec 5.2, 7) of the attachments operations, keyed
 * by operation name; tests/integration/guards/auth-matrix.test.ts runs them. The files belong to a
 * contact and are checked against the contact object: read to list them, update for the upload
 * steps. An attachment reached by id names its object only once it is read, and one the caller
 * may not read is not found (no 403 that would tell it exists): get and delete therefore have no
 * object here, since a key limited to other objects, or a role without read, gets 404 where the
 * matrix's object cases expect 403. tests/integration/attachments/attachments-access.test.ts has
 * those cases, and delete's refusals of read-only keys, keys without deletion and roles.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import type { CallResult } from "../../helpers/rest.ts";
import { AttachmentsApi, fetchSigned, type ApiAttachment, type UploadTicket } from "../../integration/attachments/attachment-client.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";

export const OBJECT = "contact";

const FILE = { fileName: "matrix.txt", contentType: "text/plain", bytes: Buffer.from("matrix file bytes") };

export interface Ctx {
  /** The tenant admin's client, used to set up files; never the credential under test. */
  admin: AttachmentsApi;
  record: ApiRecord;
  attachment: ApiAttachment;
}

/** The local store writes under DATA_DIR: a temporary directory for this test file, unless one is set. */
function withTempDataDir(): void {
  process.env.DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "crm-attachments-guards-"));
}

/** Step 1's body (and step 3's without the storageKey) for the matrix file on the context's contact. */
const announce = (ctx: Pick<Ctx, "record">) => ({
  recordId: ctx.record.id,
  objectApiName: OBJECT,
  fileName: FILE.fileName,
  contentType: FILE.contentType,
  size: FILE.bytes.length,
});

/** Step 2: the bytes PUT to the ticket's URL; insists on 200. */
async function upload(ticket: UploadTicket): Promise<void> {
  const res = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: FILE.bytes });
  expect(res.status, res.bytes.toString()).toBe(200);
}

export async function prepare(t: TestTenant): Promise<Ctx> {
  withTempDataDir();
  const key = await bigKey(t, { allowDelete: true });
  const record = await new RecordsApi(key, OBJECT).mustCreate({ last_name: "Matrix Contact" });
  const admin = new AttachmentsApi(key);
  return { admin, record, attachment: await admin.attach({ objectApiName: OBJECT, recordId: record.id }, FILE) };
}

/**
 * Steps 1 to 3 with the credential under test: a key registers only what was issued to it, so
 * each success needs its own upload. When step 1 refuses the credential, step 3 is still asked,
 * with an upload the admin made and filled: only step 3's own checks stand between the credential
 * and a 201, and its refusal is what the matrix judges.
 */
async function register(ctx: Ctx, auth: string | undefined): Promise<CallResult> {
  const as = new AttachmentsApi(auth);
  const step1 = await as.uploadUrl(announce(ctx));
  const ticket = step1.status === 200 ? step1.json<UploadTicket>() : await ctx.admin.mustUploadUrl(announce(ctx));
  await upload(ticket);
  return as.register({ ...announce(ctx), storageKey: ticket.storageKey });
}

export const attachmentsMatrices: MatrixTable = {
  "attachments.list": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => new AttachmentsApi(auth).list({ recordId: ctx.record.id, objectApiName: OBJECT }),
  }),

  "attachments.uploadUrl": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => new AttachmentsApi(auth).uploadUrl(announce(ctx)),
  }),

  "attachments.register": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: register,
  }),

  "attachments.get": matrix({
    object: null,
    action: "read",
    prepare,
    call: (ctx, auth) => new AttachmentsApi(auth).get(ctx.attachment.id),
  }),

  "attachments.delete": matrix({
    object: null,
    action: "delete",
    prepare,
    // Each call deletes a fresh attachment, so a success never hides a later check behind a 404.
    call: async (ctx, auth) => {
      const { id } = await ctx.admin.attach({ objectApiName: OBJECT, recordId: ctx.record.id }, FILE);
      return new AttachmentsApi(auth).remove(id);
    },
  }),
};
