/**
 * Imports on the S3 store (s3rver behind the SigV4-verifying front, tests/helpers/s3-server.ts):
 * the uploaded file is written to the bucket before the 202, read back by the job's run, and
 * removed from the bucket once the import is done; an attachment in the bucket imports too.
 */
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createS3Store } from "@/lib/storage/s3-store.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { startS3Server, type S3TestServer } from "../../helpers/s3-server.ts";
import { AttachmentsApi } from "../attachments/attachment-client.ts";
import { bigKey, RecordsApi, type Page } from "../records/helpers.ts";
import { contactsCsv, ImportsApi, runImportsUntilIdle, type ApiImport } from "./import-client.ts";

describe("CSV imports on S3", () => {
  // The job's runs reach every tenant's imports: on PostgreSQL, a database of this file's own (other files' files are elsewhere).
  privateDatabase();
  let s3: S3TestServer;
  let admin: S3Client;
  let t: TestTenant;
  let key: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    setAttachmentStore(createS3Store(s3.config));
    const c = s3.config;
    admin = new S3Client({
      region: c.region,
      endpoint: c.endpoint,
      forcePathStyle: c.forcePathStyle,
      credentials: { accessKeyId: c.accessKeyId!, secretAccessKey: c.secretAccessKey! },
    });
    t = await createTestTenant("imports-s3");
    key = await bigKey(t);
  });

  afterAll(async () => {
    setAttachmentStore(undefined);
    admin?.destroy();
    await s3?.close();
  });

  const keysOf = async (prefix: string) =>
    ((await admin.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);

  it("stores the uploaded file in the bucket, imports it from there and removes it when done", async () => {
    const api = new ImportsApi(key, "contact");
    const before = await keysOf(t.tenantId);
    const started = await api.mustUpload(contactsCsv(3, "sthree"));
    const stored = (await keysOf(t.tenantId)).filter((k) => !before.includes(k));
    expect(stored).toHaveLength(1);
    await runImportsUntilIdle();
    expect(await api.mustGet(started.id)).toMatchObject({ status: "done", created: 3, failed: 0 });
    expect((await keysOf(t.tenantId)).filter((k) => !before.includes(k))).toEqual([]);
    expect((await new RecordsApi(key, "contact").list({ search: "sthree" })).json<Page>().total).toBe(3);
  });

  it("imports an attachment kept in the bucket", async () => {
    const holder = await new RecordsApi(key, "contact").mustCreate({ last_name: "Bucket holder" });
    const file = await new AttachmentsApi(key).attach(
      { objectApiName: "contact", recordId: holder.id },
      { fileName: "people.csv", contentType: "text/csv", bytes: Buffer.from(contactsCsv(2, "bucketfile")) },
    );
    const res = await new ImportsApi(key, "contact").start({ attachmentId: file.id });
    expect(res.status, res.text).toBe(202);
    await runImportsUntilIdle();
    expect(await new ImportsApi(key, "contact").mustGet(res.json<ApiImport>().id)).toMatchObject({ status: "done", created: 2 });
  });
});
