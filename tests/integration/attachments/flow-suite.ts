/**
 * The attachment flow with real bytes, run once per backend (attachments-flow-local.test.ts and
 * attachments-flow-s3.test.ts): the local store under a temporary DATA_DIR, whose signed links the
 * app's own file route serves, and S3 (s3rver behind a SigV4-verifying front, tests/helpers/s3-server.ts).
 * The three steps end to end; the links' expiry, exact to the second; tampered, expired and
 * misused links; step 2 bound to the announced size and type; every refusal of step 3; the input
 * caps; Content-Disposition; deleting the bytes with the metadata; trash and restore; tenant
 * isolation; and the purge of uploads never registered.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEAD as fileHead } from "@/app/api/files/[tenant]/[name]/route.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { purgeUnregisteredUploads } from "@/lib/jobs/attachment-uploads.ts";
import { getAttachmentStore, setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createLocalStore, localStoreRoot } from "@/lib/storage/local-store.ts";
import { createS3Store } from "@/lib/storage/s3-store.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { startS3Server, type S3TestServer } from "../../helpers/s3-server.ts";
import { bigKey, ISO_MS_RE, RecordsApi, UUID_RE, type ApiRecord } from "../records/helpers.ts";
import { AttachmentsApi, expectRefusal, fetchSigned, type FileAnswer, type UploadTicket } from "./attachment-client.ts";

export type Backend = "local" | "s3";

/** The record a file is for (also the list query). */
type Target = { objectApiName: string; recordId: string };

interface TestFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The refusal of the local file route, whatever was wrong with the link (requestId aside). */
const LINK_INVALID = {
  error: "This file link is invalid or has expired",
  message: "This file link is invalid or has expired",
  code: "link_invalid",
};

const NOTHING_UPLOADED = "storageKey: no file has been uploaded under this key: PUT its bytes to the uploadUrl of step 1 first";
const NO_UPLOAD_WAITING =
  "storageKey: no upload is waiting under this key: it was not issued to this tenant, or it was not registered within 24 hours";

const pdf = (bytes: Buffer, fileName = "contract.pdf"): TestFile => ({ fileName, contentType: "application/pdf", bytes });

/** A storage key's two segments, from a signed URL of either store (the path's last two). */
function keyOfUrl(url: string): string {
  return new URL(url).pathname.split("/").slice(-2).join("/");
}

/** When a signed URL stops working, as the URL itself says: `expires` (local) or X-Amz-Date + X-Amz-Expires (S3). */
function linkExpiry(url: string): number {
  const q = new URL(url).searchParams;
  const expires = q.get("expires");
  if (expires !== null) return Number(expires) * 1000;
  const d = q.get("X-Amz-Date")!;
  const signedAt = Date.parse(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}Z`,
  );
  return signedAt + Number(q.get("X-Amz-Expires")) * 1000;
}

/** A copy of the URL with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const u = new URL(url);
  expect(u.searchParams.has(name), `${name} in ${url}`).toBe(true);
  u.searchParams.set(name, value);
  return u.toString();
}

/** The same string with its last character changed (a signature one character off). */
const lastCharChanged = (s: string): string => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");

export function describeAttachmentFlow(backend: Backend): void {
  describe(`attachments on the ${backend} store`, () => {
    // The purge reaches across tenants: on PostgreSQL this file's uploads must not meet another file's.
    privateDatabase();

    let s3: S3TestServer | undefined;
    let admin: S3Client | undefined;
    let dataDir = "";
    const savedDataDir = process.env.DATA_DIR;

    let t: TestTenant;
    let u: TestTenant;
    let api: AttachmentsApi;
    /** Another API key of tenant A. */
    let api2: AttachmentsApi;
    let apiB: AttachmentsApi;
    let contacts: RecordsApi;
    let contact: ApiRecord;
    let otherContact: ApiRecord;
    let contactB: ApiRecord;
    let on: Target;
    let onB: Target;

    beforeAll(async () => {
      if (backend === "local") {
        dataDir = await mkdtemp(path.join(os.tmpdir(), "crm-attach-"));
        process.env.DATA_DIR = dataDir;
        setAttachmentStore(createLocalStore());
      } else {
        s3 = await startS3Server();
        setAttachmentStore(createS3Store(s3.config));
        const c = s3.config;
        admin = new S3Client({
          region: c.region,
          endpoint: c.endpoint,
          forcePathStyle: c.forcePathStyle,
          credentials: { accessKeyId: c.accessKeyId!, secretAccessKey: c.secretAccessKey! },
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        });
      }
      t = await createTestTenant("att-flow");
      u = await createTestTenant("att-flow-b");
      const key = await bigKey(t, { allowDelete: true });
      api = new AttachmentsApi(key);
      api2 = new AttachmentsApi(await bigKey(t, { allowDelete: true }));
      const keyB = await bigKey(u, { allowDelete: true });
      apiB = new AttachmentsApi(keyB);
      contacts = new RecordsApi(key, "contact");
      contact = await contacts.mustCreate({ last_name: "Lovelace" });
      otherContact = await contacts.mustCreate({ last_name: "Babbage" });
      contactB = await new RecordsApi(keyB, "contact").mustCreate({ last_name: "Somerville" });
      on = { objectApiName: "contact", recordId: contact.id };
      onB = { objectApiName: "contact", recordId: contactB.id };
    });

    afterAll(async () => {
      setAttachmentStore(undefined);
      admin?.destroy();
      await s3?.close();
      if (savedDataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = savedDataDir;
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    /** A fresh contact of tenant A, for tests that count a record's files. */
    async function freshContact(name: string): Promise<Target> {
      const r = await contacts.mustCreate({ last_name: name });
      return { objectApiName: "contact", recordId: r.id };
    }

    const metaOf = (target: Target, f: TestFile) => ({ ...target, fileName: f.fileName, contentType: f.contentType, size: f.bytes.length });

    /** Steps 1 and 2 only: the bytes are in the store, nothing is registered. */
    async function uploadOnly(
      client: AttachmentsApi,
      target: Target,
      f: TestFile,
    ): Promise<{ ticket: UploadTicket; meta: ReturnType<typeof metaOf> }> {
      const meta = metaOf(target, f);
      const ticket = await client.mustUploadUrl(meta);
      const put = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: f.bytes });
      expect(put.status, put.bytes.toString()).toBe(200);
      return { ticket, meta };
    }

    async function download(id: string): Promise<FileAnswer> {
      const got = await api.mustGet(id);
      return fetchSigned(got.downloadUrl, { method: "GET" });
    }

    /** The store's refusal of a signed request: tampered (or mismatched), or expired. */
    function expectLinkRefused(answer: FileAnswer, why: "tampered" | "expired"): void {
      expect(answer.status, answer.bytes.toString()).toBe(403);
      if (backend === "local") {
        const { requestId, ...rest } = JSON.parse(answer.bytes.toString()) as Record<string, unknown>;
        expect(requestId).toMatch(UUID_RE);
        expect(rest).toEqual(LINK_INVALID);
      } else {
        expect(answer.bytes.toString()).toContain(why === "expired" ? "<Code>AccessDenied</Code>" : "<Code>SignatureDoesNotMatch</Code>");
      }
    }

    /** A refused PUT of step 2 (another type or length than signed). */
    function expectPutRefused(answer: FileAnswer): void {
      expect(answer.status, answer.bytes.toString()).toBe(403);
      if (backend === "local") expect(JSON.parse(answer.bytes.toString())).toMatchObject({ code: "link_invalid" });
      else expect(answer.bytes.toString()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }

    /** Every object (S3) or file (local, relative to the store's root) the store holds. */
    async function storedEntries(): Promise<string[]> {
      if (backend === "s3") {
        const listed = await admin!.send(new ListObjectsV2Command({ Bucket: s3!.config.bucket }));
        return (listed.Contents ?? []).map((o) => o.Key!);
      }
      const entries = await readdir(localStoreRoot(), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => path.relative(localStoreRoot(), path.join(e.parentPath, e.name)));
    }

    /** Puts a file under the key behind the app's back, as a client with another signed link (local) or S3 credentials would. */
    async function storeDirectly(key: string, contentType: string, bytes: Buffer): Promise<void> {
      if (backend === "s3") {
        await admin!.send(new PutObjectCommand({ Bucket: s3!.config.bucket, Key: key, ContentType: contentType, Body: bytes }));
        return;
      }
      // A correctly signed link for another size or type: the file route stores what it was signed for.
      const link = await getAttachmentStore().signUpload(key, { contentType, size: bytes.length });
      const put = await fetchSigned(link.url, { method: "PUT", headers: link.headers, body: bytes });
      expect(put.status, put.bytes.toString()).toBe(200);
    }

    describe("the three steps", () => {
      it("step 1 answers a PUT URL bound to the type and size, valid exactly 15 minutes, and a storage key of the tenant", async () => {
        const before = Date.now();
        const ticket = await api.mustUploadUrl(metaOf(on, pdf(randomBytes(10))));
        const after = Date.now();
        expect(ticket).toEqual({
          uploadUrl: expect.any(String),
          method: "PUT",
          headers: { "Content-Type": "application/pdf", "Content-Length": "10", "If-None-Match": "*" },
          storageKey: expect.stringMatching(new RegExp(`^${t.tenantId}/[A-Za-z0-9_-]{43}$`)),
          expiresAt: expect.stringMatching(ISO_MS_RE),
        });
        expect(keyOfUrl(ticket.uploadUrl)).toBe(ticket.storageKey);
        const expiresAt = Date.parse(ticket.expiresAt);
        expect(expiresAt).toBe(linkExpiry(ticket.uploadUrl));
        expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 15 * 60_000);
        expect(expiresAt).toBeLessThanOrEqual(after + 15 * 60_000);
        if (backend === "s3") expect(new URL(ticket.uploadUrl).searchParams.get("X-Amz-Expires")).toBe("900");
      });

      it("uploads 300 KiB of random bytes and downloads exactly them, with exact metadata", async () => {
        const target = await freshContact("Bytes");
        const file = pdf(randomBytes(300 * 1024), "scan.pdf");
        const att = await api.attach(target, file);
        expect(att).toEqual({
          id: expect.stringMatching(UUID_RE),
          recordId: target.recordId,
          objectApiName: "contact",
          fileName: "scan.pdf",
          contentType: "application/pdf",
          size: 300 * 1024,
          createdBy: t.users.admin,
          created_at: expect.stringMatching(ISO_MS_RE),
        });
        const got = await api.mustGet(att.id);
        expect(got).toEqual({ ...att, downloadUrl: expect.any(String), expiresAt: expect.stringMatching(ISO_MS_RE) });
        const file2 = await fetchSigned(got.downloadUrl, { method: "GET" });
        expect(file2.status).toBe(200);
        expect(file2.headers.get("content-type")).toBe("application/pdf");
        expect(file2.bytes.length).toBe(file.bytes.length);
        expect(file2.bytes.equals(file.bytes)).toBe(true);
        expect(await api.page(target)).toEqual({ data: [att], total: 1, limit: 50, offset: 0 });
      });

      it("GET answers a download URL that expires exactly 5 minutes ahead, as the URL itself says", async () => {
        const att = await api.attach(on, pdf(randomBytes(64)));
        const before = Date.now();
        const got = await api.mustGet(att.id);
        const after = Date.now();
        const expiresAt = Date.parse(got.expiresAt);
        expect(expiresAt).toBe(linkExpiry(got.downloadUrl));
        expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 5 * 60_000);
        expect(expiresAt).toBeLessThanOrEqual(after + 5 * 60_000);
        if (backend === "s3") expect(new URL(got.downloadUrl).searchParams.get("X-Amz-Expires")).toBe("300");
        expect(keyOfUrl(got.downloadUrl)).toMatch(new RegExp(`^${t.tenantId}/[A-Za-z0-9_-]{43}$`));
      });

      it("lists a record's files newest first, paged by limit and offset, with the exact total", async () => {
        const target = await freshContact("Paging");
        const made = [];
        for (let i = 0; i < 5; i++) made.push(await api.attach(target, pdf(randomBytes(10 + i), `file-${i}.pdf`)));
        const newestFirst = [...made].reverse();
        expect(await api.page({ ...target, limit: "2" })).toEqual({ data: newestFirst.slice(0, 2), total: 5, limit: 2, offset: 0 });
        expect(await api.page({ ...target, limit: "2", offset: "2" })).toEqual({
          data: newestFirst.slice(2, 4),
          total: 5,
          limit: 2,
          offset: 2,
        });
        expect(await api.page({ ...target, limit: "2", offset: "4" })).toEqual({
          data: newestFirst.slice(4),
          total: 5,
          limit: 2,
          offset: 4,
        });
        expect(await api.page({ ...target, limit: "2", offset: "10" })).toEqual({ data: [], total: 5, limit: 2, offset: 10 });
        expect((await api.page(target)).data.map((a) => a.fileName)).toEqual([
          "file-4.pdf",
          "file-3.pdf",
          "file-2.pdf",
          "file-1.pdf",
          "file-0.pdf",
        ]);
        expect(await api.page(await freshContact("Empty"))).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
      });
    });

    describe("signed links", () => {
      it("a download link signed 6 minutes ago has expired", async () => {
        const file = pdf(randomBytes(100));
        const att = await api.attach(on, file);
        const key = keyOfUrl((await api.mustGet(att.id)).downloadUrl);
        const old = await getAttachmentStore().signDownload(
          key,
          { contentType: file.contentType, fileName: file.fileName },
          new Date(Date.now() - 6 * 60_000),
        );
        expect(linkExpiry(old.url)).toBeLessThan(Date.now());
        const answer = await fetchSigned(old.url, { method: "GET" });
        expectLinkRefused(answer, "expired");
        expect(answer.bytes.includes(file.bytes.subarray(0, 16))).toBe(false);
        // The same link signed now works: only the time was wrong.
        const fresh = await getAttachmentStore().signDownload(key, { contentType: file.contentType, fileName: file.fileName });
        expect((await fetchSigned(fresh.url, { method: "GET" })).bytes.equals(file.bytes)).toBe(true);
      });

      it("an upload link signed 16 minutes ago has expired, and nothing is stored", async () => {
        const file = pdf(randomBytes(100));
        const meta = metaOf(on, file);
        const ticket = await api.mustUploadUrl(meta);
        const old = await getAttachmentStore().signUpload(
          ticket.storageKey,
          { contentType: file.contentType, size: 100 },
          new Date(Date.now() - 16 * 60_000),
        );
        expectLinkRefused(await fetchSigned(old.url, { method: "PUT", headers: old.headers, body: file.bytes }), "expired");
        expect(await getAttachmentStore().head(ticket.storageKey)).toBeNull();
        expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 400, NOTHING_UPLOADED);
      });

      it("a download link altered in any part is refused, and the answer tells nothing of the file or of what was wrong", async () => {
        const file = pdf(randomBytes(2048));
        const att = await api.attach(on, file);
        const other = await api.attach(on, pdf(randomBytes(2048), "other.pdf"));
        const url = (await api.mustGet(att.id)).downloadUrl;
        const otherKey = keyOfUrl((await api.mustGet(other.id)).downloadUrl);
        const foreign = await apiB.attach(onB, pdf(randomBytes(2048)));
        const foreignKey = keyOfUrl((await apiB.mustGet(foreign.id)).downloadUrl);
        const q = new URL(url).searchParams;
        const otherPath = (key: string) => {
          const u2 = new URL(url);
          u2.pathname = u2.pathname.replace(keyOfUrl(url), key);
          return u2.toString();
        };
        const tampered: Record<string, string> =
          backend === "local"
            ? {
                signature: withParam(url, "signature", lastCharChanged(q.get("signature")!)),
                "another file's key": otherPath(otherKey),
                "another tenant's key": otherPath(foreignKey),
                name: withParam(url, "name", "contract.html"),
                type: withParam(url, "type", "text/html"),
                expiry: withParam(url, "expires", String(Number(q.get("expires")) + 3600)),
              }
            : {
                signature: withParam(url, "X-Amz-Signature", lastCharChanged(q.get("X-Amz-Signature")!)),
                "another file's key": otherPath(otherKey),
                "another tenant's key": otherPath(foreignKey),
                name: withParam(url, "response-content-disposition", 'attachment; filename="contract.html"'),
                type: withParam(url, "response-content-type", "text/html"),
                expiry: withParam(url, "X-Amz-Expires", "604800"),
              };
        const bodies = new Set<string>();
        for (const [what, link] of Object.entries(tampered)) {
          const answer = await fetchSigned(link, { method: "GET" });
          expect(answer.status, what).toBe(403);
          expectLinkRefused(answer, "tampered");
          expect(answer.bytes.includes(file.bytes.subarray(0, 16)), what).toBe(false);
          expect(answer.bytes.length, what).toBeLessThan(512);
          const body = answer.bytes.toString();
          bodies.add(backend === "local" ? JSON.stringify({ ...(JSON.parse(body) as object), requestId: undefined }) : body);
        }
        expect(bodies.size).toBe(1);
        // The untouched link still works.
        expect((await fetchSigned(url, { method: "GET" })).bytes.equals(file.bytes)).toBe(true);
      });

      it("a download link sent as a PUT is refused and the file stays as it was; an upload link does not download", async () => {
        const file = pdf(randomBytes(512));
        const meta = metaOf(on, file);
        const { ticket } = await uploadOnly(api, on, file);
        const att = (await api.register({ ...meta, storageKey: ticket.storageKey })).json<{ id: string }>();
        const url = (await api.mustGet(att.id)).downloadUrl;
        const swapped = await fetchSigned(url, {
          method: "PUT",
          headers: { "Content-Type": "application/pdf", "Content-Length": "512" },
          body: randomBytes(512),
        });
        expectLinkRefused(swapped, "tampered");
        expectLinkRefused(await fetchSigned(ticket.uploadUrl, { method: "GET" }), "tampered");
        expect((await fetchSigned(url, { method: "GET" })).bytes.equals(file.bytes)).toBe(true);
      });
    });

    describe("step 2 is bound to the announced type and size", () => {
      it("a PUT with another Content-Type is refused by the store; step 3 then finds nothing uploaded", async () => {
        const file = pdf(randomBytes(1000));
        const meta = metaOf(on, file);
        const ticket = await api.mustUploadUrl(meta);
        const put = await fetchSigned(ticket.uploadUrl, {
          method: "PUT",
          headers: { ...ticket.headers, "Content-Type": "text/html" },
          body: file.bytes,
        });
        expectPutRefused(put);
        expect(await getAttachmentStore().head(ticket.storageKey)).toBeNull();
        expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 400, NOTHING_UPLOADED);
      });

      it("a PUT of another length is refused by the store; step 3 then finds nothing uploaded", async () => {
        const file = pdf(randomBytes(1000));
        const meta = metaOf(on, file);
        const ticket = await api.mustUploadUrl(meta);
        for (const body of [randomBytes(1001), randomBytes(999)]) {
          const headers = { ...ticket.headers, "Content-Length": String(body.length) };
          expectPutRefused(await fetchSigned(ticket.uploadUrl, { method: "PUT", headers, body }));
        }
        expect(await getAttachmentStore().head(ticket.storageKey)).toBeNull();
        expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 400, NOTHING_UPLOADED);
        // The right bytes still go through the same URL.
        const ok = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: file.bytes });
        expect(ok.status).toBe(200);
        expect((await api.register({ ...meta, storageKey: ticket.storageKey })).status).toBe(201);
      });

      it.runIf(backend === "local")(
        "a body other than the Content-Length it declares is refused and leaves no file, not even a partial one",
        async () => {
          const file = pdf(randomBytes(1000));
          const meta = metaOf(on, file);
          const ticket = await api.mustUploadUrl(meta);
          for (const body of [randomBytes(1500), randomBytes(400)]) {
            const put = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body });
            expect(put.status, put.bytes.toString()).toBe(400);
            expect(JSON.parse(put.bytes.toString())).toMatchObject({ code: "invalid_request" });
          }
          expect(await getAttachmentStore().head(ticket.storageKey)).toBeNull();
          expect((await storedEntries()).filter((e) => e.startsWith(ticket.storageKey))).toEqual([]);
          expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 400, NOTHING_UPLOADED);
        },
      );

      it("a file of another size stored under the key is refused at step 3, naming both sizes", async () => {
        const file = pdf(randomBytes(1000));
        const meta = metaOf(on, file);
        const ticket = await api.mustUploadUrl(meta);
        await storeDirectly(ticket.storageKey, "application/pdf", randomBytes(1234));
        expect(await getAttachmentStore().head(ticket.storageKey)).toEqual({ size: 1234, contentType: "application/pdf" });
        expectRefusal(
          await api.register({ ...meta, storageKey: ticket.storageKey }),
          400,
          "storageKey: the uploaded file has 1234 bytes, not the 1000 announced",
        );
        expect((await api.page(on)).data.some((a) => a.size === 1234)).toBe(false);
      });

      it("a file of another type stored under the key is refused at step 3, naming both types", async () => {
        const file = pdf(randomBytes(1000));
        const meta = metaOf(on, file);
        const ticket = await api.mustUploadUrl(meta);
        await storeDirectly(ticket.storageKey, "text/html", randomBytes(1000));
        expectRefusal(
          await api.register({ ...meta, storageKey: ticket.storageKey }),
          400,
          "storageKey: the uploaded file's type is 'text/html', not 'application/pdf' as announced",
        );
      });
    });

    describe("step 3 refusals", () => {
      it("before the upload", async () => {
        const meta = metaOf(on, pdf(randomBytes(10)));
        const ticket = await api.mustUploadUrl(meta);
        expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 400, NOTHING_UPLOADED);
      });

      it("a size or content type other than step 1's, though the upload is there", async () => {
        const file = pdf(randomBytes(100));
        const { ticket, meta } = await uploadOnly(api, on, file);
        const storageKey = ticket.storageKey;
        expectRefusal(
          await api.register({ ...meta, size: 101, storageKey }),
          400,
          "size: 101 differs from the 100 bytes announced in step 1",
        );
        expectRefusal(
          await api.register({ ...meta, contentType: "image/png", storageKey }),
          400,
          "contentType: 'image/png' differs from 'application/pdf' announced in step 1",
        );
        // Refusals consume nothing: the right registration still succeeds.
        expect((await api.register({ ...meta, storageKey })).status).toBe(201);
      });

      it("a key issued to another API key of the same tenant", async () => {
        const { ticket, meta } = await uploadOnly(api, on, pdf(randomBytes(100)));
        expectRefusal(
          await api2.register({ ...meta, storageKey: ticket.storageKey }),
          400,
          "storageKey: was issued to another credential: register it with the API key, app or user that asked for the upload URL",
        );
        expect((await api.register({ ...meta, storageKey: ticket.storageKey })).status).toBe(201);
      });

      it("a key issued for another record", async () => {
        const { ticket, meta } = await uploadOnly(api, on, pdf(randomBytes(100)));
        const res = await api.register({ ...meta, recordId: otherContact.id, storageKey: ticket.storageKey });
        expectRefusal(res, 400, `storageKey: was issued for another record (contact ${contact.id})`);
        expect((await api.page({ objectApiName: "contact", recordId: otherContact.id })).total).toBe(0);
      });

      it("another tenant's key, used by tenant B on its own record", async () => {
        const { ticket, meta } = await uploadOnly(api, on, pdf(randomBytes(100)));
        expectRefusal(await apiB.register({ ...meta, ...onB, storageKey: ticket.storageKey }), 400, NO_UPLOAD_WAITING);
        expect((await apiB.page(onB)).data.some((a) => a.size === 100 && a.fileName === "contract.pdf")).toBe(false);
        expect((await api.register({ ...meta, storageKey: ticket.storageKey })).status).toBe(201);
      });

      it("a key registered already", async () => {
        const { ticket, meta } = await uploadOnly(api, on, pdf(randomBytes(100)));
        const first = await api.register({ ...meta, storageKey: ticket.storageKey });
        expect(first.status).toBe(201);
        const id = first.json<{ id: string }>().id;
        expectRefusal(
          await api.register({ ...meta, storageKey: ticket.storageKey }),
          400,
          `storageKey: is already registered (attachment ${id})`,
        );
      });

      it("two registrations of one key at once: one attachment, the other is told it is registered", async () => {
        const { ticket, meta } = await uploadOnly(api, on, pdf(randomBytes(100)));
        const results = await Promise.all([
          api.register({ ...meta, storageKey: ticket.storageKey }),
          api.register({ ...meta, storageKey: ticket.storageKey }),
        ]);
        const won = results.filter((r) => r.status === 201);
        expect(won.length, JSON.stringify(results.map((r) => r.body))).toBe(1);
        const id = won[0]!.json<{ id: string }>().id;
        const lost = results.find((r) => r.status !== 201)!;
        expectRefusal(lost, 400, `storageKey: is already registered (attachment ${id})`);
      });

      it("an unknown key of the right form, and a malformed one", async () => {
        const meta = metaOf(on, pdf(randomBytes(10)));
        const unknown = `${t.tenantId}/${randomBytes(32).toString("base64url")}`;
        expectRefusal(await api.register({ ...meta, storageKey: unknown }), 400, NO_UPLOAD_WAITING);
        for (const storageKey of ["../../etc/passwd", `${t.tenantId}/short`, `${t.tenantId}/${"a".repeat(43)}/x`, ""]) {
          const res = await api.register({ ...meta, storageKey });
          expectRefusal(res, 400, "storageKey: must be the storageKey step 1 answered");
          expect(res.json().code).toBe("invalid_request");
        }
      });
    });

    describe("the upload URL after step 3", () => {
      it("cannot replace the registered file: a key is written once (412)", async () => {
        const file = pdf(randomBytes(100));
        const { ticket, meta } = await uploadOnly(api, on, file);
        const again = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: randomBytes(100) });
        expect(again.status, again.bytes.toString()).toBe(412);
        const att = (await api.register({ ...meta, storageKey: ticket.storageKey })).json<{ id: string }>();
        const after = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: randomBytes(100) });
        expect(after.status, after.bytes.toString()).toBe(412);
        if (backend === "local") expect(JSON.parse(after.bytes.toString())).toMatchObject({ code: "conflict" });
        else expect(after.bytes.toString()).toContain("<Code>PreconditionFailed</Code>");
        expect((await download(att.id)).bytes.equals(file.bytes)).toBe(true);
        // Without the condition the signature does not match: the header is part of the link.
        const { "If-None-Match": condition, ...unconditional } = ticket.headers;
        expect(condition).toBe("*");
        expectPutRefused(await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: unconditional, body: randomBytes(100) }));
        expect((await download(att.id)).bytes.equals(file.bytes)).toBe(true);
      });

      it("bytes PUT again under a deleted attachment's key cannot be registered, and the purge deletes them once the URL has expired", async () => {
        const file = pdf(randomBytes(100));
        const { ticket, meta } = await uploadOnly(api, on, file);
        const storageKey = ticket.storageKey;
        const att = (await api.register({ ...meta, storageKey })).json<{ id: string }>();
        expect((await api.remove(att.id)).status).toBe(204);
        expect(await getAttachmentStore().head(storageKey)).toBeNull();
        const back = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: file.bytes });
        expect(back.status, back.bytes.toString()).toBe(200);
        expectRefusal(await api.register({ ...meta, storageKey }), 400, "storageKey: belongs to an attachment that was deleted");
        // The deleted key waits for the purge until every upload URL of it has expired (16 minutes), not 24 hours.
        const [waiting] = await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$queryRaw<{ minutes: number }[]>`SELECT extract(epoch FROM purge_after - now())::float8 / 60 AS minutes
            FROM attachment_upload WHERE tenant_id = ${t.tenantId}::uuid AND storage_key = ${storageKey}`,
        );
        expect(waiting!.minutes).toBeGreaterThan(15.5);
        expect(waiting!.minutes).toBeLessThanOrEqual(16);
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$executeRaw`UPDATE attachment_upload SET purge_after = now() - interval '1 minute'
            WHERE tenant_id = ${t.tenantId}::uuid AND storage_key = ${storageKey}`,
        );
        expect(await purgeUnregisteredUploads()).toBe(1);
        expect(await getAttachmentStore().head(storageKey)).toBeNull();
        expectRefusal(await api.register({ ...meta, storageKey }), 400, NO_UPLOAD_WAITING);
      });
    });

    describe("input caps", () => {
      it("a size above ATTACHMENT_MAX_BYTES is refused; exactly the cap is accepted", async () => {
        const saved = process.env.ATTACHMENT_MAX_BYTES;
        process.env.ATTACHMENT_MAX_BYTES = "1000";
        try {
          const meta = metaOf(on, pdf(randomBytes(1001)));
          expectRefusal(await api.uploadUrl(meta), 400, "size: must be at most 1000 bytes (ATTACHMENT_MAX_BYTES)");
          const att = await api.attach(on, pdf(randomBytes(1000)));
          expect(att.size).toBe(1000);
          expectRefusal(
            await api.register({ ...meta, storageKey: `${t.tenantId}/${randomBytes(32).toString("base64url")}` }),
            400,
            "size: must be at most 1000 bytes (ATTACHMENT_MAX_BYTES)",
          );
        } finally {
          if (saved === undefined) delete process.env.ATTACHMENT_MAX_BYTES;
          else process.env.ATTACHMENT_MAX_BYTES = saved;
        }
      });

      it("a size of 0, a content type that is not one, and a NUL in the file name are refused", async () => {
        const meta = metaOf(on, pdf(randomBytes(10)));
        expectRefusal(await api.uploadUrl({ ...meta, size: 0 }), 400, "size: must be at least 1 byte");
        expectRefusal(
          await api.uploadUrl({ ...meta, contentType: "not a type" }),
          400,
          "contentType: must be a media type such as application/pdf or text/plain; charset=utf-8",
        );
        expectRefusal(
          await api.uploadUrl({ ...meta, fileName: "a\u0000.pdf" }),
          400,
          "fileName: must not contain NUL characters or invalid Unicode",
        );
      });

      it("a content type is capped in its canonical form and must be printable ASCII (400, never the database's refusal)", async () => {
        const meta = metaOf(on, pdf(randomBytes(10)));
        // 250 characters as sent; formatting adds a space after each ";", past the 255 a column holds.
        const params = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, "0")}=1`).join(";");
        const long = `a/b;${params}`.slice(0, 250);
        expect(long.length).toBeLessThanOrEqual(255);
        const refusal = "contentType: must be printable ASCII of at most 255 characters in its canonical form";
        expectRefusal(await api.uploadUrl({ ...meta, contentType: long }), 400, refusal);
        expectRefusal(await api.uploadUrl({ ...meta, contentType: 'text/plain; x="a\u000bb"' }), 400, refusal);
      });

      it("file names with path separators, `..` and a right-to-left override are made safe, and the file stays inside the store", async () => {
        const target = await freshContact("Names");
        const cases: [string, string][] = [
          ["../../etc/passwd", ".._.._etc_passwd"],
          ["..\\x.txt", ".._x.txt"],
          ["invoice\u202Efdp.exe", "invoicefdp.exe"],
          ["..", "_"],
        ];
        const before = new Set(await storedEntries());
        for (const [given, safe] of cases) {
          const att = await api.attach(target, { fileName: given, contentType: "text/plain", bytes: Buffer.from(`named ${given}`) });
          expect(att.fileName).toBe(safe);
          expect(att.fileName).not.toMatch(/[/\\\u202e]/);
          expect(att.fileName).not.toBe("..");
          const got = await download(att.id);
          expect(got.bytes.toString()).toBe(`named ${given}`);
          expect(got.headers.get("content-disposition")).toBe(
            `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`,
          );
        }
        const added = (await storedEntries()).filter((e) => !before.has(e));
        // Each file is stored under its random key in the tenant's folder, whatever its name.
        const keyPattern = new RegExp(`^${t.tenantId}/[A-Za-z0-9_-]{43}${backend === "local" ? "(\\.json)?" : ""}$`);
        expect(added.length).toBe(backend === "local" ? 2 * cases.length : cases.length);
        for (const entry of added) expect(entry.split(path.sep).join("/")).toMatch(keyPattern);
        if (backend === "local") {
          const everything = await readdir(dataDir, { recursive: true });
          expect(everything.filter((e) => /passwd|x\.txt|fdp|\.part$/.test(e))).toEqual([]);
          expect((await readdir(dataDir)).filter((e) => e !== "attachments" && e !== "auth-secret")).toEqual([]);
        }
      });
    });

    describe("downloads", () => {
      it("send Content-Disposition: attachment with the name in UTF-8 and an ASCII fallback", async () => {
        const name = "Résumé 2026 (final).pdf";
        const att = await api.attach(on, pdf(randomBytes(300), name));
        expect(att.fileName).toBe(name);
        const got = await download(att.id);
        expect(got.status).toBe(200);
        const disposition = got.headers.get("content-disposition")!;
        expect(disposition).toBe(
          `attachment; filename="R_sum_ 2026 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026%20%28final%29.pdf`,
        );
        const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)![1]!;
        expect(decodeURIComponent(encoded)).toBe(name);
      });

      it.skipIf(backend !== "local")("answer HEAD with the download's headers and no body", async () => {
        const bytes = randomBytes(2048);
        const att = await api.attach(on, pdf(bytes, "head.pdf"));
        const url = new URL((await api.mustGet(att.id)).downloadUrl);
        const [, , , tenant, name] = url.pathname.split("/");
        const res = await fileHead(new Request(url, { method: "HEAD" }), { params: Promise.resolve({ tenant: tenant!, name: name! }) });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-length")).toBe("2048");
        expect(res.headers.get("content-disposition")).toBe(`attachment; filename="head.pdf"; filename*=UTF-8''head.pdf`);
        expect(res.body).toBeNull();
        url.searchParams.set("signature", "x");
        const refused = await fileHead(new Request(url, { method: "HEAD" }), { params: Promise.resolve({ tenant: tenant!, name: name! }) });
        expect(refused.status).toBe(403);
      });

      it("serve active types (HTML, SVG, XML, script, style) as application/octet-stream, passive ones as declared, all as attachments", async () => {
        const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
        const served: Record<string, string> = {
          "text/html": "application/octet-stream",
          "image/svg+xml": "application/octet-stream",
          "application/xhtml+xml": "application/octet-stream",
          "text/xml": "application/octet-stream",
          "text/javascript": "application/octet-stream",
          "text/css": "application/octet-stream",
          "application/pdf": "application/pdf",
          "text/plain; charset=utf-8": "text/plain; charset=utf-8",
          "image/png": "image/png",
        };
        for (const [contentType, expected] of Object.entries(served)) {
          const att = await api.attach(on, { fileName: "page.html", contentType, bytes: html });
          // The API still answers the declared type: only the served bytes are made inert.
          expect(att.contentType).toBe(contentType);
          const got = await download(att.id);
          expect(got.status).toBe(200);
          expect(got.bytes.equals(html)).toBe(true);
          expect(got.headers.get("content-type"), contentType).toBe(expected);
          expect(got.headers.get("content-disposition")).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
          expect(got.headers.get("cache-control")).toBe("private, no-store");
          if (backend === "local") {
            expect(got.headers.get("x-content-type-options")).toBe("nosniff");
            expect(got.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
          }
        }
      });
    });

    describe("delete", () => {
      it("removes the bytes with the metadata: the old download URL finds nothing, the list total drops", async () => {
        const target = await freshContact("Delete");
        const keep = await api.attach(target, pdf(randomBytes(100), "keep.pdf"));
        const gone = await api.attach(target, pdf(randomBytes(100), "gone.pdf"));
        const url = (await api.mustGet(gone.id)).downloadUrl;
        const key = keyOfUrl(url);
        expect((await fetchSigned(url, { method: "GET" })).status).toBe(200);
        expect((await api.page(target)).total).toBe(2);

        const res = await api.remove(gone.id);
        expect(res.status, JSON.stringify(res.body)).toBe(204);
        const after = await fetchSigned(url, { method: "GET" });
        expect(after.status).toBe(404);
        if (backend === "s3") expect(after.bytes.toString()).toContain("<Code>NoSuchKey</Code>");
        else expect(JSON.parse(after.bytes.toString())).toMatchObject({ code: "not_found" });
        expect(await getAttachmentStore().head(key)).toBeNull();
        expect((await storedEntries()).filter((e) => e.split(path.sep).join("/").startsWith(key))).toEqual([]);
        expectRefusal(await api.get(gone.id), 404, `Attachment '${gone.id}' not found`);
        expectRefusal(await api.remove(gone.id), 404, `Attachment '${gone.id}' not found`);
        expect(await api.page(target)).toEqual({ data: [keep], total: 1, limit: 50, offset: 0 });
        expect((await download(keep.id)).status).toBe(200);
      });
    });

    describe("trash", () => {
      it("trashing the record hides its files; restoring shows them again with the same ids", async () => {
        const r = await contacts.mustCreate({ last_name: "Trashed" });
        const target = { objectApiName: "contact", recordId: r.id };
        const files = [await api.attach(target, pdf(randomBytes(50), "a.pdf")), await api.attach(target, pdf(randomBytes(60), "b.pdf"))];
        const listed = await api.page(target);

        expect((await contacts.remove(r.id)).status).toBe(204);
        expectRefusal(await api.list(target), 404, `Record '${r.id}' not found`);
        for (const f of files) expectRefusal(await api.get(f.id), 404, `Attachment '${f.id}' not found`);
        expectRefusal(await api.remove(files[0]!.id), 404, `Attachment '${files[0]!.id}' not found`);
        expectRefusal(await api.uploadUrl(metaOf(target, pdf(randomBytes(5)))), 404, `Record '${r.id}' not found`);

        expect((await contacts.restore(r.id)).status).toBe(200);
        expect(await api.page(target)).toEqual(listed);
        expect(listed.data.map((a) => a.id)).toEqual([files[1]!.id, files[0]!.id]);
        for (const f of files) expect((await download(f.id)).status).toBe(200);
      });

      it("an upload issued before the record was trashed cannot be registered while it is in the trash", async () => {
        const r = await contacts.mustCreate({ last_name: "Trashed later" });
        const target = { objectApiName: "contact", recordId: r.id };
        const { ticket, meta } = await uploadOnly(api, target, pdf(randomBytes(70)));
        expect((await contacts.remove(r.id)).status).toBe(204);
        expectRefusal(await api.register({ ...meta, storageKey: ticket.storageKey }), 404, `Record '${r.id}' not found`);
        expect((await contacts.restore(r.id)).status).toBe(200);
        expect((await api.register({ ...meta, storageKey: ticket.storageKey })).status).toBe(201);
      });
    });

    describe("tenant isolation", () => {
      it("tenant B can neither see, delete, list nor upload to tenant A's files and records", async () => {
        const file = pdf(randomBytes(100));
        const att = await api.attach(on, file);
        expectRefusal(await apiB.get(att.id), 404, `Attachment '${att.id}' not found`);
        expectRefusal(await apiB.remove(att.id), 404, `Attachment '${att.id}' not found`);
        expectRefusal(await apiB.list(on), 404, `Record '${contact.id}' not found`);
        expectRefusal(await apiB.uploadUrl(metaOf(on, file)), 404, `Record '${contact.id}' not found`);
        expect((await download(att.id)).bytes.equals(file.bytes)).toBe(true);
      });
    });

    describe("uploads never registered", () => {
      it("are purged once their time has passed, bytes and row; registered files and fresh uploads stay", async () => {
        const target = await freshContact("Purge");
        const stale = await uploadOnly(api, target, pdf(randomBytes(200), "stale.pdf"));
        const fresh = await uploadOnly(api, target, pdf(randomBytes(300), "fresh.pdf"));
        const keptFile = pdf(randomBytes(400), "kept.pdf");
        const kept = await api.attach(target, keptFile);
        const staleKey = stale.ticket.storageKey;
        await withTenantSql(
          t.tenantId,
          async (tx) =>
            tx.$executeRaw`UPDATE attachment_upload SET purge_after = now() - interval '1 minute'
            WHERE tenant_id = ${t.tenantId}::uuid AND storage_key = ${staleKey}`,
        );
        expectRefusal(
          await api.register({ ...stale.meta, storageKey: staleKey }),
          400,
          "storageKey: was not registered within 24 hours; ask for a new upload URL",
        );
        expect(await getAttachmentStore().head(staleKey)).toEqual({ size: 200, contentType: "application/pdf" });

        expect(await purgeUnregisteredUploads()).toBe(1);
        expect(await getAttachmentStore().head(staleKey)).toBeNull();
        expect((await storedEntries()).filter((e) => e.split(path.sep).join("/").startsWith(staleKey))).toEqual([]);
        expectRefusal(await api.register({ ...stale.meta, storageKey: staleKey }), 400, NO_UPLOAD_WAITING);
        expect(await purgeUnregisteredUploads()).toBe(0);

        expect(await getAttachmentStore().head(fresh.ticket.storageKey)).toEqual({ size: 300, contentType: "application/pdf" });
        expect((await api.register({ ...fresh.meta, storageKey: fresh.ticket.storageKey })).status).toBe(201);
        expect((await download(kept.id)).bytes.equals(keptFile.bytes)).toBe(true);
        expect((await api.page(target)).total).toBe(2);
      });
    });
  });
}
