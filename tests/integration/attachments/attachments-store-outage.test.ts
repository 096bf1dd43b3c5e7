/**
 * When the S3 store does not answer, the attachment endpoints that need it answer 503
 * storage_unavailable with Retry-After (never 500) and change nothing: registering keeps the
 * upload waiting, deleting keeps the attachment. Signing a download link needs no round trip, so
 * GET /attachments/{id} still answers; the store is stopped by closing the S3 server itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createS3Store } from "@/lib/storage/s3-store.ts";
import { createTestTenant } from "../../helpers/fixtures.ts";
import { startS3Server, type S3TestServer } from "../../helpers/s3-server.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { AttachmentsApi, fetchSigned, type ApiAttachment } from "./attachment-client.ts";

describe("attachments while the S3 store is down", () => {
  let s3: S3TestServer;
  let api: AttachmentsApi;
  let on: { objectApiName: string; recordId: string };
  let kept: ApiAttachment;
  let waiting: { storageKey: string; fileName: string; contentType: string; size: number };

  beforeAll(async () => {
    s3 = await startS3Server();
    setAttachmentStore(createS3Store(s3.config));
    const t = await createTestTenant("att-outage");
    const key = await bigKey(t, { allowDelete: true });
    api = new AttachmentsApi(key);
    const contact = await new RecordsApi(key, "contact").mustCreate({ last_name: "Outage" });
    on = { objectApiName: "contact", recordId: contact.id };
    const bytes = Buffer.from("kept through the outage\n");
    kept = await api.attach(on, { fileName: "kept.txt", contentType: "text/plain", bytes });
    const meta = { ...on, fileName: "waiting.txt", contentType: "text/plain", size: bytes.length };
    const ticket = await api.mustUploadUrl(meta);
    expect((await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: bytes })).status).toBe(200);
    waiting = { ...meta, storageKey: ticket.storageKey };
    await s3.close();
  });

  afterAll(() => setAttachmentStore(undefined));

  const expectUnavailable = (res: { status: number; headers: Headers; json: () => Record<string, unknown> }) => {
    expect({ status: res.status, code: res.json().code }, JSON.stringify(res.json())).toEqual({ status: 503, code: "storage_unavailable" });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  };

  it("answers a registration 503 with Retry-After and keeps the upload waiting", async () => {
    expectUnavailable(await api.register({ ...on, ...waiting }));
    expect((await api.page(on)).total).toBe(1);
  });

  it("answers a deletion 503 with Retry-After and keeps the attachment", async () => {
    expectUnavailable(await api.remove(kept.id));
    expect((await api.mustGet(kept.id)).id).toBe(kept.id);
    expect((await api.page(on)).data.map((a) => a.id)).toEqual([kept.id]);
  });

  it("still signs download links, which need no round trip to the store", async () => {
    expect((await api.mustGet(kept.id)).downloadUrl).toContain("X-Amz-Signature=");
  });
});
