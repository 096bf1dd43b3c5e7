/**
 * MCP/REST parity cases of the attachments operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. create_attachment_upload_url and
 * register_attachment take the JSON body's properties as flat arguments, delete_attachment answers
 * {id, deleted: true} where REST answers 204, and list_attachments pages hold 20 files by default
 * where REST's hold 50: the cases say the same thing in each surface's words. Both surfaces use the
 * same key, so an upload issued to one may be registered through the other; each success still
 * gets its own upload (a key registers once) and its own attachment to delete.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { attachmentMaxBytes } from "@/lib/config.ts";
import { storageKeySchema } from "@/lib/schemas/attachments.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import {
  AttachmentsApi,
  fetchSigned,
  type ApiAttachment,
  type AttachmentWithDownload,
  type UploadTicket,
} from "../../integration/attachments/attachment-client.ts";
import { bigKey, RecordsApi } from "../../integration/records/helpers.ts";

const MISSING_ID = "01890000-0000-7000-8000-000000000000";

interface File {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}
const PDF: File = { fileName: "Parity Quote.pdf", contentType: "application/pdf", bytes: Buffer.from("%PDF-1.4 parity quote") };

/** Where a file goes: a record and its object. */
interface On {
  recordId: string;
  objectApiName: string;
}

/** What step 1 announces and step 3 repeats. */
const announce = (on: On, file: File = PDF) => ({ ...on, fileName: file.fileName, contentType: file.contentType, size: file.bytes.length });

/** The local store writes under DATA_DIR: a temporary directory for this test file, unless one is set. */
function withTempDataDir(): void {
  process.env.DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "crm-attachments-parity-"));
}

/** Step 1, and step 2 unless `filled` is false: an upload waiting to be registered. */
async function issue(api: AttachmentsApi, on: On, filled = true): Promise<UploadTicket> {
  const ticket = await api.mustUploadUrl(announce(on));
  if (filled) {
    const put = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: PDF.bytes });
    expect(put.status, put.bytes.toString()).toBe(200);
  }
  return ticket;
}

/** Another tenant's contact, a file on it and an upload waiting there: never visible here. */
interface Foreign {
  recordId: string;
  attachmentId: string;
  storageKey: string;
}

let foreign: Promise<Foreign> | undefined;
/** Another tenant's data, made once for every entry of this table. */
function foreignData(): Promise<Foreign> {
  foreign ??= (async () => {
    const other = await createTestTenant("parity-other");
    const api = new AttachmentsApi(await bigKey(other));
    const contact = await new RecordsApi(api.auth, "contact").mustCreate({ last_name: "Parity Foreign" });
    const on = { recordId: contact.id, objectApiName: "contact" };
    const attachment = await api.attach(on, PDF);
    return { recordId: contact.id, attachmentId: attachment.id, storageKey: (await issue(api, on)).storageKey };
  })();
  return foreign;
}

interface Ctx {
  api: AttachmentsApi;
  contact: On;
  company: On;
  /** A contact in the trash, with a file attached before it went there. */
  trashed: { on: On; attachmentId: string };
  foreign: Foreign;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  withTempDataDir();
  const api = new AttachmentsApi(key);
  const contacts = new RecordsApi(key, "contact");
  const contact = { recordId: (await contacts.mustCreate({ last_name: "Parity Contact" })).id, objectApiName: "contact" };
  const company = { recordId: (await new RecordsApi(key, "company").mustCreate({ name: "Parity Company" })).id, objectApiName: "company" };
  const doomed = { recordId: (await contacts.mustCreate({ last_name: "Parity Trashed" })).id, objectApiName: "contact" };
  const { id: attachmentId } = await api.attach(doomed, PDF);
  expect((await contacts.remove(doomed.recordId)).status).toBe(204);
  return { api, contact, company, trashed: { on: doomed, attachmentId }, foreign: await foreignData() };
}

/** An attachment without what differs between two made alike: id and creation time. */
function alike(attachment: unknown): Omit<ApiAttachment, "id" | "created_at"> {
  const { id, created_at, ...rest } = attachment as ApiAttachment;
  expect(
    [id, created_at].every((v) => typeof v === "string"),
    JSON.stringify(attachment),
  ).toBe(true);
  return rest;
}
const sameButIdentity = (rest: unknown, tool: unknown) => expect(alike(tool)).toEqual(alike(rest));

/** Two tickets of one announcement: alike but for the key, the URL that carries it and (to the second) its expiry. */
function sameTicketButKey(rest: unknown, tool: unknown): void {
  const [r, m] = [rest as UploadTicket, tool as UploadTicket];
  for (const ticket of [r, m]) expect(storageKeySchema.safeParse(ticket.storageKey).success, ticket.storageKey).toBe(true);
  expect(m.storageKey).not.toBe(r.storageKey);
  expect(m.uploadUrl).toContain(m.storageKey);
  expect(Math.abs(Date.parse(m.expiresAt) - Date.parse(r.expiresAt))).toBeLessThan(60_000);
  expect(m).toEqual({ ...r, uploadUrl: expect.any(String), storageKey: expect.any(String), expiresAt: expect.any(String) });
}

/** One file's metadata and link, asked twice: the link is signed anew (and may expire a second later). */
function sameFileButLink(rest: unknown, tool: unknown): void {
  const [r, m] = [rest as AttachmentWithDownload, tool as AttachmentWithDownload];
  expect(m.downloadUrl).toMatch(/^https?:\/\//);
  expect(Math.abs(Date.parse(m.expiresAt) - Date.parse(r.expiresAt))).toBeLessThan(60_000);
  expect(m).toEqual({ ...r, downloadUrl: expect.any(String), expiresAt: expect.any(String) });
}

/** The register body of an upload: the announcement of step 1 and its key. */
const registration = (on: On, storageKey: string, change: Record<string, unknown> = {}) => ({ ...announce(on), storageKey, ...change });

export const attachmentsParity: ParityTable = {
  "attachments.list": parity({
    prepare: async (t, key) => {
      const ctx = await prepare(t, key);
      for (const fileName of ["a.pdf", "b.pdf", "c.pdf"]) await ctx.api.attach(ctx.contact, { ...PDF, fileName });
      return ctx;
    },
    cases: [
      {
        name: "a record's files, newest first and paged",
        status: 200,
        rest: (c) => ({ path: "/attachments", query: { ...c.contact, limit: "2", offset: "1" } }),
        mcp: (c) => ({ ...c.contact, limit: 2, offset: 1 }),
      },
      {
        name: "the tool's default page is REST's limit=20",
        status: 200,
        rest: (c) => ({ path: "/attachments", query: { ...c.contact, limit: "20" } }),
        mcp: (c) => ({ ...c.contact }),
      },
      {
        name: "a record without files",
        status: 200,
        rest: (c) => ({ path: "/attachments", query: { ...c.company, limit: "20" } }),
        mcp: (c) => ({ ...c.company }),
      },
      {
        name: "past the last page",
        status: 200,
        rest: (c) => ({ path: "/attachments", query: { ...c.contact, limit: "20", offset: "10" } }),
        mcp: (c) => ({ ...c.contact, offset: 10 }),
      },
      {
        name: "limit 0",
        status: 400,
        rest: (c) => ({ path: "/attachments", query: { ...c.contact, limit: "0" } }),
        mcp: (c) => ({ ...c.contact, limit: 0 }),
      },
      {
        name: "no objectApiName",
        status: 400,
        rest: (c) => ({ path: "/attachments", query: { recordId: c.contact.recordId } }),
        mcp: (c) => ({ recordId: c.contact.recordId }),
      },
      {
        name: "a recordId that is no uuid",
        status: 400,
        rest: () => ({ path: "/attachments", query: { recordId: "not-a-uuid", objectApiName: "contact" } }),
        mcp: () => ({ recordId: "not-a-uuid", objectApiName: "contact" }),
      },
      {
        name: "an unknown record",
        status: 404,
        rest: () => ({ path: "/attachments", query: { recordId: MISSING_ID, objectApiName: "contact" } }),
        mcp: () => ({ recordId: MISSING_ID, objectApiName: "contact" }),
      },
      {
        name: "another tenant's record",
        status: 404,
        rest: (c) => ({ path: "/attachments", query: { recordId: c.foreign.recordId, objectApiName: "contact" } }),
        mcp: (c) => ({ recordId: c.foreign.recordId, objectApiName: "contact" }),
      },
      {
        name: "a record named with another object",
        status: 404,
        rest: (c) => ({ path: "/attachments", query: { recordId: c.contact.recordId, objectApiName: "company" } }),
        mcp: (c) => ({ recordId: c.contact.recordId, objectApiName: "company" }),
      },
      {
        name: "a record in the trash",
        status: 404,
        rest: (c) => ({ path: "/attachments", query: { ...c.trashed.on, limit: "20" } }),
        mcp: (c) => ({ ...c.trashed.on }),
      },
      {
        name: "activity, a reserved name, as the object",
        status: 404,
        rest: (c) => ({ path: "/attachments", query: { recordId: c.contact.recordId, objectApiName: "activity" } }),
        mcp: (c) => ({ recordId: c.contact.recordId, objectApiName: "activity" }),
      },
    ],
  }),

  "attachments.uploadUrl": parity({
    prepare,
    cases: [
      {
        name: "a PDF for a contact",
        status: 200,
        rest: (c) => ({ path: "/attachments/upload-url", body: announce(c.contact) }),
        mcp: (c) => announce(c.contact),
        compare: sameTicketButKey,
      },
      {
        name: "a media type with parameters, for a company",
        status: 200,
        rest: (c) => ({
          path: "/attachments/upload-url",
          body: { ...announce(c.company), contentType: "Text/Plain; Charset=UTF-8", fileName: "../notes\u202etxt.exe" },
        }),
        mcp: (c) => ({ ...announce(c.company), contentType: "Text/Plain; Charset=UTF-8", fileName: "../notes\u202etxt.exe" }),
        compare: sameTicketButKey,
      },
      {
        name: "size 0",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), size: 0 } }),
        mcp: (c) => ({ ...announce(c.contact), size: 0 }),
      },
      {
        name: "a size above ATTACHMENT_MAX_BYTES",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), size: attachmentMaxBytes() + 1 } }),
        mcp: (c) => ({ ...announce(c.contact), size: attachmentMaxBytes() + 1 }),
      },
      {
        name: "a size that is no integer",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), size: 1.5 } }),
        mcp: (c) => ({ ...announce(c.contact), size: 1.5 }),
      },
      {
        name: "a contentType that is no media type",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), contentType: "pdf" } }),
        mcp: (c) => ({ ...announce(c.contact), contentType: "pdf" }),
      },
      {
        name: "a fileName without a character a file name can have",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), fileName: "\u202e" } }),
        mcp: (c) => ({ ...announce(c.contact), fileName: "\u202e" }),
      },
      {
        name: "no fileName",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), fileName: undefined } }),
        mcp: (c) => ({ ...announce(c.contact), fileName: undefined }),
      },
      {
        name: "a recordId that is no uuid",
        status: 400,
        rest: (c) => ({ path: "/attachments/upload-url", body: { ...announce(c.contact), recordId: "nope" } }),
        mcp: (c) => ({ ...announce(c.contact), recordId: "nope" }),
      },
      {
        name: "an unknown record",
        status: 404,
        rest: () => ({ path: "/attachments/upload-url", body: announce({ recordId: MISSING_ID, objectApiName: "contact" }) }),
        mcp: () => announce({ recordId: MISSING_ID, objectApiName: "contact" }),
      },
      {
        name: "another tenant's record",
        status: 404,
        rest: (c) => ({ path: "/attachments/upload-url", body: announce({ recordId: c.foreign.recordId, objectApiName: "contact" }) }),
        mcp: (c) => announce({ recordId: c.foreign.recordId, objectApiName: "contact" }),
      },
      {
        name: "a record in the trash",
        status: 404,
        rest: (c) => ({ path: "/attachments/upload-url", body: announce(c.trashed.on) }),
        mcp: (c) => announce(c.trashed.on),
      },
      {
        name: "activity, a reserved name, as the object",
        status: 404,
        rest: (c) => ({ path: "/attachments/upload-url", body: announce({ ...c.contact, objectApiName: "activity" }) }),
        mcp: (c) => announce({ ...c.contact, objectApiName: "activity" }),
      },
    ],
  }),

  "attachments.register": parity({
    prepare: async (t, key) => {
      const ctx = await prepare(t, key);
      const { api, contact } = ctx;
      const registered = await issue(api, contact);
      expect((await api.register(registration(contact, registered.storageKey))).status).toBe(201);
      const leaving = {
        recordId: (await new RecordsApi(key, "contact").mustCreate({ last_name: "Parity Leaving" })).id,
        objectApiName: "contact",
      };
      const uploadBeforeTrash = await issue(api, leaving);
      expect((await new RecordsApi(key, "contact").remove(leaving.recordId)).status).toBe(204);
      return {
        ...ctx,
        keys: {
          /** Step 1 done, nothing uploaded. */
          empty: (await issue(api, contact, false)).storageKey,
          /** Steps 1 and 2 done, on the contact; the failure cases never register it. */
          filled: (await issue(api, contact)).storageKey,
          registered: registered.storageKey,
          /** Issued to another key of this tenant, with its bytes uploaded. */
          otherKey: (await issue(new AttachmentsApi(await bigKey(t)), contact)).storageKey,
          /** Issued and filled for a contact that then went to the trash. */
          trashed: { on: leaving, storageKey: uploadBeforeTrash.storageKey },
        },
      };
    },
    cases: [
      {
        // Each surface registers an upload of its own.
        name: "an uploaded PDF",
        status: 201,
        rest: async (c) => ({ path: "/attachments", body: registration(c.contact, (await issue(c.api, c.contact)).storageKey) }),
        mcp: async (c) => registration(c.contact, (await issue(c.api, c.contact)).storageKey),
        compare: sameButIdentity,
      },
      {
        name: "a name made safe, and a type in canonical form",
        status: 201,
        rest: async (c) => ({
          path: "/attachments",
          body: registration(c.contact, (await issue(c.api, c.contact)).storageKey, {
            fileName: "..\\Parity/Quote\u202eFDP.exe",
            contentType: "Application/PDF",
          }),
        }),
        mcp: async (c) =>
          registration(c.contact, (await issue(c.api, c.contact)).storageKey, {
            fileName: "..\\Parity/Quote\u202eFDP.exe",
            contentType: "Application/PDF",
          }),
        compare: sameButIdentity,
      },
      {
        name: "before the bytes were uploaded",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.keys.empty) }),
        mcp: (c) => registration(c.contact, c.keys.empty),
      },
      {
        name: "a key registered already",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.keys.registered) }),
        mcp: (c) => registration(c.contact, c.keys.registered),
      },
      {
        name: "a size other than step 1's",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.keys.filled, { size: PDF.bytes.length + 1 }) }),
        mcp: (c) => registration(c.contact, c.keys.filled, { size: PDF.bytes.length + 1 }),
      },
      {
        name: "a contentType other than step 1's",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.keys.filled, { contentType: "text/plain" }) }),
        mcp: (c) => registration(c.contact, c.keys.filled, { contentType: "text/plain" }),
      },
      {
        name: "a key issued for another record",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.company, c.keys.filled) }),
        mcp: (c) => registration(c.company, c.keys.filled),
      },
      {
        name: "a key issued to another credential",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.keys.otherKey) }),
        mcp: (c) => registration(c.contact, c.keys.otherKey),
      },
      {
        name: "another tenant's key",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, c.foreign.storageKey) }),
        mcp: (c) => registration(c.contact, c.foreign.storageKey),
      },
      {
        name: "a storageKey that is no storage key",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: registration(c.contact, "../../etc/passwd") }),
        mcp: (c) => registration(c.contact, "../../etc/passwd"),
      },
      {
        name: "no storageKey",
        status: 400,
        rest: (c) => ({ path: "/attachments", body: announce(c.contact) }),
        mcp: (c) => announce(c.contact),
      },
      {
        name: "an unknown record",
        status: 404,
        rest: (c) => ({ path: "/attachments", body: registration({ recordId: MISSING_ID, objectApiName: "contact" }, c.keys.filled) }),
        mcp: (c) => registration({ recordId: MISSING_ID, objectApiName: "contact" }, c.keys.filled),
      },
      {
        name: "another tenant's record and key",
        status: 404,
        rest: (c) => ({
          path: "/attachments",
          body: registration({ recordId: c.foreign.recordId, objectApiName: "contact" }, c.foreign.storageKey),
        }),
        mcp: (c) => registration({ recordId: c.foreign.recordId, objectApiName: "contact" }, c.foreign.storageKey),
      },
      {
        name: "a record that went to the trash after step 1",
        status: 404,
        rest: (c) => ({ path: "/attachments", body: registration(c.keys.trashed.on, c.keys.trashed.storageKey) }),
        mcp: (c) => registration(c.keys.trashed.on, c.keys.trashed.storageKey),
      },
    ],
  }),

  "attachments.get": parity({
    prepare: async (t, key) => {
      const ctx = await prepare(t, key);
      return { ...ctx, attachment: await ctx.api.attach(ctx.contact, PDF) };
    },
    cases: [
      {
        name: "a file with its download link",
        status: 200,
        rest: (c) => ({ path: `/attachments/${c.attachment.id}` }),
        mcp: (c) => ({ id: c.attachment.id }),
        compare: sameFileButLink,
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/attachments/${MISSING_ID}` }),
        mcp: () => ({ id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/attachments/${c.foreign.attachmentId}` }),
        mcp: (c) => ({ id: c.foreign.attachmentId }),
      },
      {
        name: "a file of a record in the trash",
        status: 404,
        rest: (c) => ({ path: `/attachments/${c.trashed.attachmentId}` }),
        mcp: (c) => ({ id: c.trashed.attachmentId }),
      },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/attachments/not-a-uuid" }),
        mcp: () => ({ id: "not-a-uuid" }),
      },
    ],
  }),

  "attachments.delete": parity({
    prepare,
    cases: [
      {
        // Each surface deletes a fresh attachment; delete_attachment answers {id, deleted: true} where REST answers 204.
        name: "a file",
        status: 204,
        rest: async (c) => ({ path: `/attachments/${(await c.api.attach(c.contact, PDF)).id}` }),
        mcp: async (c) => ({ id: (await c.api.attach(c.contact, PDF)).id }),
      },
      {
        name: "an unknown id",
        status: 404,
        rest: () => ({ path: `/attachments/${MISSING_ID}` }),
        mcp: () => ({ id: MISSING_ID }),
      },
      {
        name: "another tenant's id",
        status: 404,
        rest: (c) => ({ path: `/attachments/${c.foreign.attachmentId}` }),
        mcp: (c) => ({ id: c.foreign.attachmentId }),
      },
      {
        name: "a file of a record in the trash",
        status: 404,
        rest: (c) => ({ path: `/attachments/${c.trashed.attachmentId}` }),
        mcp: (c) => ({ id: c.trashed.attachmentId }),
      },
      {
        name: "an id that is no uuid",
        status: 400,
        rest: () => ({ path: "/attachments/not-a-uuid" }),
        mcp: () => ({ id: "not-a-uuid" }),
      },
    ],
  }),
};
