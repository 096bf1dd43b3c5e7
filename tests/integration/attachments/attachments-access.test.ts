/**
 * Who may do what with attachments (local store). Listing and reading need read on the record's
 * object; asking for an upload URL and registering need update (write); deleting needs the delete
 * permission: an API key with "Allow deletion", a role that may delete the object, an OAuth token
 * with records:delete[:object]. An attachment of an object the caller may not read is not found,
 * exactly as an id that does not exist. A storage key registers only with the credential it was
 * issued to: a refreshed token of the same OAuth family, never another app's token.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createLocalStore } from "@/lib/storage/local-store.ts";
import { createTestKey, createTestTenant, denyRole, type TestTenant } from "../../helpers/fixtures.ts";
import type { CallResult } from "../../helpers/rest.ts";
import { approvedCode, createPublishedApp, mustExchange, token, type TestApp } from "../oauth/helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { AttachmentsApi, expectRefusal, fetchSigned, type ApiAttachment } from "./attachment-client.ts";

const MISSING = "01a21b93-0000-7000-8000-00000000abcd";
const ALL = { read: true, create: true, update: true, delete: true };

let n = 0;
/** A small text file with distinct bytes. */
function file(label: string): { fileName: string; contentType: string; bytes: Buffer } {
  n += 1;
  return { fileName: `${label}-${n}.txt`, contentType: "text/plain", bytes: Buffer.from(`${label} #${n}\n`) };
}

/** Step 1's body for a file on a record. */
const meta = (on: { objectApiName: string; recordId: string }, f: ReturnType<typeof file>) => ({
  ...on,
  fileName: f.fileName,
  contentType: f.contentType,
  size: f.bytes.length,
});

/** A 404 that says the same as for an id that does not exist: nothing tells them apart. */
async function expectHidden(res: CallResult, id: string, api: AttachmentsApi, method: "get" | "remove"): Promise<void> {
  const missing = await api[method](MISSING);
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(missing.status).toBe(404);
  expect(res.json().error).toBe(`Attachment '${id}' not found`);
  expect(missing.json().error).toBe(`Attachment '${MISSING}' not found`);
  expect(res.json().code).toBe(missing.json().code);
}

let dataDir: string;
const savedDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "crm-attachments-access-"));
  process.env.DATA_DIR = dataDir;
  setAttachmentStore(createLocalStore());
});
afterAll(async () => {
  setAttachmentStore(undefined);
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  await rm(dataDir, { recursive: true, force: true });
});

describe("attachments with API keys", () => {
  let t: TestTenant;
  let admin: AttachmentsApi;
  let contact: { objectApiName: string; recordId: string };
  let company: { objectApiName: string; recordId: string };
  let onContact: ApiAttachment;
  let onContactBytes: Buffer;

  beforeAll(async () => {
    t = await createTestTenant("att-keys");
    const key = await bigKey(t, { allowDelete: true });
    admin = new AttachmentsApi(key);
    contact = { objectApiName: "contact", recordId: (await new RecordsApi(key, "contact").mustCreate({ last_name: "Keys" })).id };
    company = { objectApiName: "company", recordId: (await new RecordsApi(key, "company").mustCreate({ name: "Keys Co" })).id };
    const f = file("contract");
    onContactBytes = f.bytes;
    onContact = await admin.attach(contact, f);
  });

  it("lets a read-only key list and download, and refuses upload-url, register and delete with errors.apiKeyReadOnly", async () => {
    // Even with "Allow deletion" on: read-only wins, and is decided before any lookup.
    const reader = new AttachmentsApi(await bigKey(t, { readOnly: true, allowDelete: true }));
    expect((await reader.page(contact)).data).toEqual([onContact]);
    const got = await reader.mustGet(onContact.id);
    expect(got).toMatchObject(onContact);
    expect((await fetchSigned(got.downloadUrl, { method: "GET" })).bytes.equals(onContactBytes)).toBe(true);

    const f = file("nope");
    expectRefusal(await reader.uploadUrl(meta(contact, f)), 403, "errors.apiKeyReadOnly");
    // A key issued to the admin key, uploaded: the read-only key still may not register it.
    const ticket = await admin.mustUploadUrl(meta(contact, f));
    expect((await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: f.bytes })).status).toBe(200);
    expectRefusal(await reader.register({ ...meta(contact, f), storageKey: ticket.storageKey }), 403, "errors.apiKeyReadOnly");
    expectRefusal(await reader.remove(onContact.id), 403, "errors.apiKeyReadOnly");
    expectRefusal(await reader.remove(MISSING), 403, "errors.apiKeyReadOnly");

    expect((await admin.page(contact)).data).toEqual([onContact]);
    // The upload stays the admin key's to register.
    expect((await admin.register({ ...meta(contact, f), storageKey: ticket.storageKey })).status).toBe(201);
    const [added] = (await admin.page(contact)).data;
    expect((await admin.remove(added!.id)).status).toBe(204);
  });

  it("refuses a key limited to company on a contact's files: list, upload-url, register 403; get and delete 404 as for a missing id", async () => {
    const companyKey = new AttachmentsApi(await bigKey(t, { allowedObjects: ["company"], allowDelete: true }));
    const f = file("elsewhere");
    expectRefusal(await companyKey.list(contact), 403, "errors.apiKeyObjectDenied");
    expectRefusal(await companyKey.uploadUrl(meta(contact, f)), 403, "errors.apiKeyObjectDenied");
    const ticket = await admin.mustUploadUrl(meta(contact, f));
    expectRefusal(await companyKey.register({ ...meta(contact, f), storageKey: ticket.storageKey }), 403, "errors.apiKeyObjectDenied");
    await expectHidden(await companyKey.get(onContact.id), onContact.id, companyKey, "get");
    await expectHidden(await companyKey.remove(onContact.id), onContact.id, companyKey, "remove");
    expect(await admin.mustGet(onContact.id)).toMatchObject(onContact);

    // Its own object works end to end.
    const mine = await companyKey.attach(company, file("brochure"));
    expect((await companyKey.page(company)).data).toEqual([mine]);
    expect((await companyKey.remove(mine.id)).status).toBe(204);
  });

  it('refuses DELETE to a key without "Allow deletion" (errors.apiKeyDeleteDenied, before any lookup) and keeps the file', async () => {
    const writer = new AttachmentsApi(await bigKey(t));
    const mine = await writer.attach(contact, file("keep"));
    expectRefusal(await writer.remove(mine.id), 403, "errors.apiKeyDeleteDenied");
    expectRefusal(await writer.remove(MISSING), 403, "errors.apiKeyDeleteDenied");
    const still = await admin.mustGet(mine.id);
    expect((await fetchSigned(still.downloadUrl, { method: "GET" })).status).toBe(200);
    expect((await admin.remove(mine.id)).status).toBe(204);
  });

  it('lets a key with "Allow deletion" delete: 204, then not found, and the bytes are gone', async () => {
    const deleter = new AttachmentsApi(await bigKey(t, { allowDelete: true }));
    const f = file("doomed");
    const doomed = await admin.attach(contact, f);
    const link = (await admin.mustGet(doomed.id)).downloadUrl;
    expect((await fetchSigned(link, { method: "GET" })).bytes.equals(f.bytes)).toBe(true);
    const res = await deleter.remove(doomed.id);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.body).toBeNull();
    await expectHidden(await admin.get(doomed.id), doomed.id, admin, "get");
    expect((await admin.page(contact)).data.map((a) => a.id)).not.toContain(doomed.id);
    expect((await fetchSigned(link, { method: "GET" })).status).toBe(404);
    await expectHidden(await deleter.remove(doomed.id), doomed.id, deleter, "remove");
  });
});

describe("attachments and the user's role", () => {
  let t: TestTenant;
  let admin: AttachmentsApi;
  let member: AttachmentsApi;
  let contact: { objectApiName: string; recordId: string };
  let onContact: ApiAttachment;

  beforeAll(async () => {
    t = await createTestTenant("att-roles");
    const key = await bigKey(t, { allowDelete: true });
    admin = new AttachmentsApi(key);
    member = new AttachmentsApi((await createTestKey(t, { role: "member", allowDelete: true, rateLimit: 100_000 })).secret);
    contact = { objectApiName: "contact", recordId: (await new RecordsApi(key, "contact").mustCreate({ last_name: "Roles" })).id };
    onContact = await admin.attach(contact, file("role"));
  });
  afterEach(() => denyRole(t, "member", "contact", ALL));

  it("lets the member role with every grant list, get, attach and delete (the baseline the refusals below depart from)", async () => {
    expect((await member.page(contact)).data).toEqual([onContact]);
    expect(await member.mustGet(onContact.id)).toMatchObject(onContact);
    const mine = await member.attach(contact, file("member"));
    expect(mine.createdBy).toBe(t.users.member);
    expect((await member.remove(mine.id)).status).toBe(204);
  });

  it("hides the files of an object the role may not read: list 403 errors.permissionDenied (decided on the name), get and delete 404", async () => {
    await denyRole(t, "member", "contact", { ...ALL, read: false });
    expectRefusal(await member.list(contact), 403, "errors.permissionDenied");
    await expectHidden(await member.get(onContact.id), onContact.id, member, "get");
    await expectHidden(await member.remove(onContact.id), onContact.id, member, "remove");
    // Update without read: the record itself is not found to it, so no upload either.
    const f = file("blind");
    const res = await member.uploadUrl(meta(contact, f));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.json().error).toBe(`Record '${contact.recordId}' not found`);
    expect(await admin.mustGet(onContact.id)).toMatchObject(onContact);
  });

  it("refuses upload-url and register to a role that may not update the object (errors.permissionDenied), and still lets it read", async () => {
    const f = file("late");
    const ticket = await member.mustUploadUrl(meta(contact, f));
    expect((await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: f.bytes })).status).toBe(200);
    await denyRole(t, "member", "contact", { ...ALL, update: false });
    expectRefusal(await member.uploadUrl(meta(contact, file("again"))), 403, "errors.permissionDenied");
    expectRefusal(await member.register({ ...meta(contact, f), storageKey: ticket.storageKey }), 403, "errors.permissionDenied");
    expect((await member.page(contact)).data).toEqual([onContact]);
    expect(await member.mustGet(onContact.id)).toMatchObject(onContact);
    // Granted again, the same upload registers: the refusal did not consume it.
    await denyRole(t, "member", "contact", ALL);
    expect((await member.register({ ...meta(contact, f), storageKey: ticket.storageKey })).status).toBe(201);
    const [added] = (await admin.page(contact)).data;
    expect(added!.fileName).toBe(f.fileName);
    expect((await admin.remove(added!.id)).status).toBe(204);
  });

  it("treats attaching as updating the record, not creating one: a role without create may still attach", async () => {
    await denyRole(t, "member", "contact", { ...ALL, create: false });
    const mine = await member.attach(contact, file("no-create"));
    expect((await member.remove(mine.id)).status).toBe(204);
  });

  it("refuses delete to a role that may not delete the object (errors.permissionDenied) and keeps the file; deleting is not updating", async () => {
    const mine = await member.attach(contact, file("kept"));
    await denyRole(t, "member", "contact", { ...ALL, delete: false });
    expectRefusal(await member.remove(mine.id), 403, "errors.permissionDenied");
    expect(await admin.mustGet(mine.id)).toMatchObject(mine);
    // A role that may delete but not update deletes.
    await denyRole(t, "member", "contact", { ...ALL, update: false });
    expect((await member.remove(mine.id)).status).toBe(204);
    await expectHidden(await admin.get(mine.id), mine.id, admin, "get");
  });
});

describe("attachments with OAuth tokens", () => {
  const SCOPES = [
    "records:read",
    "records:read:contact",
    "records:write:contact",
    "records:delete",
    "records:delete:contact",
    "records:read:company",
    "records:write:company",
    "records:delete:company",
  ];
  let t: TestTenant;
  let app: TestApp;
  let admin: AttachmentsApi;
  let contact: { objectApiName: string; recordId: string };
  let company: { objectApiName: string; recordId: string };
  let onContact: ApiAttachment;
  const tokens = async (scopes: string[], forApp: TestApp = app) => mustExchange(forApp, await approvedCode(t, forApp, scopes));
  const tokenApi = async (scopes: string[]) => new AttachmentsApi((await tokens(scopes)).access_token);

  /** A 403 to a token that names the scope it lacked, in the message and in WWW-Authenticate (RFC 6750 3.1). */
  function expectScopeRefusal(res: CallResult, error: string, scope: string): void {
    expectRefusal(res, 403, error);
    expect(res.json().message).toContain(scope);
    expect(res.headers.get("www-authenticate")).toContain(`error="insufficient_scope", scope="${scope}"`);
  }

  beforeAll(async () => {
    t = await createTestTenant("att-oauth");
    app = await createPublishedApp(SCOPES);
    const key = await bigKey(t, { allowDelete: true });
    admin = new AttachmentsApi(key);
    contact = { objectApiName: "contact", recordId: (await new RecordsApi(key, "contact").mustCreate({ last_name: "Token" })).id };
    company = { objectApiName: "company", recordId: (await new RecordsApi(key, "company").mustCreate({ name: "Token Co" })).id };
    onContact = await admin.attach(contact, file("oauth"));
  });

  it("lets records:read:contact list and get, and refuses upload-url and register (errors.apiKeyReadOnly) and delete", async () => {
    const reader = await tokenApi(["records:read:contact"]);
    expect((await reader.page(contact)).data).toEqual([onContact]);
    expect(await reader.mustGet(onContact.id)).toMatchObject(onContact);
    const f = file("read-only");
    expectScopeRefusal(await reader.uploadUrl(meta(contact, f)), "errors.apiKeyReadOnly", "records:write:contact");
    const ticket = await admin.mustUploadUrl(meta(contact, f));
    expectScopeRefusal(
      await reader.register({ ...meta(contact, f), storageKey: ticket.storageKey }),
      "errors.apiKeyReadOnly",
      "records:write:contact",
    );
    expectScopeRefusal(await reader.remove(onContact.id), "errors.apiKeyDeleteDenied", "records:delete:contact");
    expect(await admin.mustGet(onContact.id)).toMatchObject(onContact);
  });

  it("lets records:write:contact (with read) ask for an upload URL and register, but not delete (errors.apiKeyDeleteDenied)", async () => {
    const writer = await tokenApi(["records:read:contact", "records:write:contact"]);
    const mine = await writer.attach(contact, file("written"));
    expect(mine).toMatchObject({ ...contact, createdBy: t.users.admin });
    expectScopeRefusal(await writer.remove(mine.id), "errors.apiKeyDeleteDenied", "records:delete:contact");
    expect(await admin.mustGet(mine.id)).toMatchObject(mine);
    expect((await admin.remove(mine.id)).status).toBe(204);
  });

  it("lets records:delete:contact or records:delete delete (204)", async () => {
    for (const scopes of [
      ["records:read:contact", "records:delete:contact"],
      ["records:read", "records:delete"],
    ]) {
      const doomed = await admin.attach(contact, file("doomed"));
      const deleter = await tokenApi(scopes);
      const res = await deleter.remove(doomed.id);
      expect(res.status, `${scopes.join(" ")}: ${JSON.stringify(res.body)}`).toBe(204);
      await expectHidden(await admin.get(doomed.id), doomed.id, admin, "get");
    }
  });

  it("gives a token with only company scopes a 404 for a contact's attachment, and 403 errors.apiKeyObjectDenied for its list and upload", async () => {
    const companyOnly = await tokenApi(["records:read:company", "records:write:company", "records:delete:company"]);
    await expectHidden(await companyOnly.get(onContact.id), onContact.id, companyOnly, "get");
    await expectHidden(await companyOnly.remove(onContact.id), onContact.id, companyOnly, "remove");
    expectScopeRefusal(await companyOnly.list(contact), "errors.apiKeyObjectDenied", "records:read:contact");
    expectScopeRefusal(await companyOnly.uploadUrl(meta(contact, file("x"))), "errors.apiKeyObjectDenied", "records:write:contact");
    expect(await admin.mustGet(onContact.id)).toMatchObject(onContact);
    const mine = await companyOnly.attach(company, file("company"));
    expect((await companyOnly.remove(mine.id)).status).toBe(204);
  });

  it("registers a storage key with the refreshed token of the same family, but not with another app's token", async () => {
    const scopes = ["records:read:contact", "records:write:contact"];
    const first = await tokens(scopes);
    const f = file("family");
    const ticket = await new AttachmentsApi(first.access_token).mustUploadUrl(meta(contact, f));
    expect((await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: f.bytes })).status).toBe(200);
    const body = { ...meta(contact, f), storageKey: ticket.storageKey };

    const otherApp = await createPublishedApp(SCOPES);
    const stranger = new AttachmentsApi((await tokens(scopes, otherApp)).access_token);
    const refused = await stranger.register(body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.json().error).toMatch(/^storageKey: was issued to another credential/);
    // Nor another authorization of the same app (a new family), nor a key of the same user.
    const sameAppOtherFamily = new AttachmentsApi((await tokens(scopes)).access_token);
    expect((await sameAppOtherFamily.register(body)).json().error).toMatch(/^storageKey: was issued to another credential/);
    expect((await admin.register(body)).json().error).toMatch(/^storageKey: was issued to another credential/);

    const refreshed = await token(app, { grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const next = refreshed.body as { access_token: string };
    expect(next.access_token).not.toBe(first.access_token);
    const res = await new AttachmentsApi(next.access_token).register(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.json<ApiAttachment>()).toMatchObject({ ...contact, fileName: f.fileName, size: f.bytes.length });
    expect((await admin.remove(res.json<ApiAttachment>().id)).status).toBe(204);
  });

  it("lets a token with records:write:contact alone PATCH a contact, and one with records:delete:contact alone trash one", async () => {
    const writeOnly = await tokenApi(["records:write:contact"]);
    expect((await new RecordsApi(writeOnly.auth, "contact").patch(contact.recordId, { first_name: "Patched" })).status).toBe(200);
    const deleteOnly = await tokenApi(["records:delete:contact"]);
    const spare = await new RecordsApi(admin.auth, "contact").mustCreate({ last_name: "Spare" });
    expect((await new RecordsApi(deleteOnly.auth, "contact").remove(spare.id)).status).toBe(204);
  });

  // Both tokens see contacts (canSeeObject), so neither is told a contact or its file does not
  // exist: the write-only token attaches files; the delete-only one deletes them, and is refused a
  // download link with the scope that would allow it.
  it("lets a records:write:contact token attach a file to a contact it cannot read", async () => {
    const writeOnly = await tokenApi(["records:write:contact"]);
    const attached = await writeOnly.attach(contact, file("write-only"));
    expect(attached).toMatchObject({ ...contact, fileName: expect.stringMatching(/^write-only-\d+\.txt$/) });
    expectRefusal(await writeOnly.get(attached.id), 403, "errors.apiKeyObjectDenied");
    expect((await admin.remove(attached.id)).status).toBe(204);
  });

  it("lets a records:delete:contact token delete an attachment of a contact it cannot read", async () => {
    const doomed = await admin.attach(contact, file("delete-only"));
    const res = await new AttachmentsApi((await tokens(["records:delete:contact"])).access_token).remove(doomed.id);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await admin.get(doomed.id)).status).toBe(404);
  });
});
