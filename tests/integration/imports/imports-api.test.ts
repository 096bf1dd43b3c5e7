/**
 * CSV imports end to end (POST /{object}/imports, the record-imports job's work run in-process,
 * GET …/imports/{id}, …/errors, …/cancel): parsing (BOM, `;`, quoted delimiters, quotes and line
 * breaks), columns matched by label or mapped, lookups by unique value and by name, create and
 * upsert counts, the failed rows' CSV with their lines and the API's sentences, the refusals of
 * malformed files (400) and large ones (413), imports from an attachment, cancel, tenant isolation
 * and scopes.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { objectApiNameSchema } from "@/lib/schemas/names.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { AttachmentsApi } from "../attachments/attachment-client.ts";
import { bigKey, RecordsApi, type ApiRecord, type Page } from "../records/helpers.ts";
import { contactsCsv, ImportsApi, runImportsUntilIdle, withTempDataDir, type ApiImport } from "./import-client.ts";

const tag = () => `t${randomBytes(4).toString("hex")}`;

describe("CSV imports", () => {
  // The job's runs reach every tenant's imports: on PostgreSQL, a database of this file's own (other files' files are elsewhere).
  privateDatabase();
  let a: TestTenant;
  let keyA: string;
  let contacts: ImportsApi;
  let records: RecordsApi;

  beforeAll(async () => {
    withTempDataDir();
    a = await createTestTenant("imports");
    keyA = await bigKey(a);
    contacts = new ImportsApi(keyA, "contact");
    records = new RecordsApi(keyA, "contact");
  });

  /** The contacts whose name has `word`, by last name. */
  async function contactsNamed(word: string): Promise<ApiRecord[]> {
    const page = (await records.list({ search: word, limit: "500" })).json<Page>();
    return page.data.sort((x, y) => String(x.last_name).localeCompare(String(y.last_name)));
  }

  /** Uploads, runs the job until idle, and answers the import as it ended. */
  async function importNow(api: ImportsApi, csv: string | Buffer, fields: Record<string, string | object> = {}): Promise<ApiImport> {
    const started = await api.mustUpload(csv, fields);
    expect(started).toMatchObject({ status: "queued", processed: 0, started_at: null, finished_at: null });
    await runImportsUntilIdle();
    return api.mustGet(started.id);
  }

  it("parses UTF-8 with a BOM, `;` delimiters, quoted delimiters, quotes and line breaks; matches columns by label or apiName, ignoring case and accents", async () => {
    const t = tag();
    const csv =
      `\uFEFFFÍRST NAME;last_name;Email;Job Title;Not a field\r\n` +
      `Ada;"${t} Love; lace";ada.${t}@example.com;"Chief ""Analyst""\nof engines";x\r\n` +
      `\r\n` +
      `Grace;${t} Hopper;grace.${t}@example.com;Admiral;y\r\n`;
    const done = await importNow(contacts, csv);
    expect(done).toMatchObject({
      status: "done",
      mode: "create",
      upsertOn: null,
      total: 2,
      processed: 2,
      created: 2,
      updated: 0,
      failed: 0,
    });
    expect(Date.parse(done.started_at!)).toBeLessThanOrEqual(Date.parse(done.finished_at!));
    const named = await contactsNamed(t);
    const ada = named.find((r) => r.first_name === "Ada");
    const grace = named.find((r) => r.first_name === "Grace");
    expect(ada).toMatchObject({
      first_name: "Ada",
      last_name: `${t} Love; lace`,
      email: `ada.${t}@example.com`,
      job_title: 'Chief "Analyst"\nof engines',
    });
    expect(grace).toMatchObject({ first_name: "Grace", last_name: `${t} Hopper`, job_title: "Admiral" });
    expect(Object.keys(ada!)).not.toContain("Not a field");
  });

  it("follows an explicit mapping: columns mapped to null or left out of it are ignored", async () => {
    const t = tag();
    const csv = `Surname,Given,Mail,Title\r\n${t} Lovelace,Ada,ada.${t}@example.com,Countess\r\n`;
    const done = await importNow(contacts, csv, { mapping: { Surname: "last_name", Given: "first_name", Mail: null } });
    expect(done).toMatchObject({ status: "done", created: 1, failed: 0 });
    const [ada] = await contactsNamed(t);
    expect(ada).toMatchObject({ last_name: `${t} Lovelace`, first_name: "Ada" });
    expect(ada!.email ?? null).toBeNull();
    expect(ada!.job_title ?? null).toBeNull();
  });

  it("resolves lookups by the target's unique field or its name (exactly one match); none or several fail the row, saying so", async () => {
    const t = tag();
    const companies = new RecordsApi(keyA, "company");
    const acme = await companies.mustCreate({ name: `Ácme ${t}` });
    await companies.mustCreate({ name: `Twin ${t}` });
    await companies.mustCreate({ name: `Twin ${t}` });
    const boss = await records.mustCreate({ last_name: `Boss ${t}`, email: `boss.${t}@example.com` });
    const csv =
      "Name,Company,Primary contact,Stage,Amount,Tags\r\n" +
      `Deal 1 ${t},ACME ${t},BOSS.${t}@example.com,Negotiation,"1234,50",upsell;Renewal\r\n` +
      `Deal 2 ${t},Twin ${t},,prospecting,10,\r\n` +
      `Deal 3 ${t},Nobody ${t},,prospecting,10,\r\n` +
      `Deal 4 ${t},${acme.id},Boss ${t},proposal,,\r\n`;
    const deals = new ImportsApi(keyA, "opportunity");
    const done = await importNow(deals, csv);
    expect(done).toMatchObject({ status: "done", total: 4, created: 2, failed: 2 });
    const found = (await new RecordsApi(keyA, "opportunity").list({ search: t })).json<Page>().data;
    const byName = Object.fromEntries(found.map((r) => [r.name, r]));
    expect(byName[`Deal 1 ${t}`]).toMatchObject({
      company: acme.id,
      contact: boss.id,
      stage: "negotiation",
      amount: "1234.50",
      tags: ["upsell", "renewal"],
    });
    expect(byName[`Deal 4 ${t}`]).toMatchObject({ company: acme.id, contact: boss.id, stage: "proposal" });
    const errors = (await deals.errors(done.id)).text;
    expect(errors).toBe(
      "Name,Company,Primary contact,Stage,Amount,Tags,row,error\r\n" +
        `Deal 2 ${t},Twin ${t},,prospecting,10,,3,company: 'Twin ${t}' matches 2 company records; use a unique value or the record's id\r\n` +
        `Deal 3 ${t},Nobody ${t},,prospecting,10,,4,company: no company record has 'Nobody ${t}' as its name or a unique value\r\n`,
    );
  });

  it("counts creates and upserts, and lists the failed rows as CSV with their lines and the API's sentences", async () => {
    const t = tag();
    await records.mustCreate({ last_name: `${t} Holder`, email: `taken.${t}@example.com` });
    const created = await importNow(
      contacts,
      "last_name,email,job_title\r\n" +
        `${t} One,one.${t}@example.com,"two\nlines"\r\n` +
        `${t} Two,taken.${t}@example.com,x\r\n` +
        `,bad-email,"a, b"\r\n` +
        `${t} Three,three.${t}@example.com,y\r\n`,
    );
    expect(created).toMatchObject({ status: "done", total: 4, processed: 4, created: 2, updated: 0, failed: 2 });
    const errors = await contacts.errors(created.id);
    expect(errors.status).toBe(200);
    expect(errors.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Lines in the file: the header is 1, the first row spans 2 and 3.
    expect(errors.text).toBe(
      "last_name,email,job_title,row,error\r\n" +
        `${t} Two,taken.${t}@example.com,x,4,email: another record already has this value\r\n` +
        `,bad-email,"a, b",5,email: must be a valid email address; last_name: is required\r\n`,
    );

    const upserted = await importNow(
      contacts,
      "email,job_title,last_name\r\n" +
        `one.${t}@example.com,Updated,\r\n` +
        `new.${t}@example.com,New,${t} New\r\n` +
        `,Nobody,${t} Nobody\r\n` +
        `ONE.${t}@example.com,Twice,\r\n`,
      { mode: "upsert", upsertOn: "email" },
    );
    expect(upserted).toMatchObject({ status: "done", mode: "upsert", upsertOn: "email", total: 4, created: 1, updated: 1, failed: 2 });
    expect((await contacts.errors(upserted.id)).text).toBe(
      "email,job_title,last_name,row,error\r\n" +
        `,Nobody,${t} Nobody,4,email: is required to upsert on it\r\n` +
        `ONE.${t}@example.com,Twice,,5,email: the row on line 2 has the same value\r\n`,
    );
    const named = await contactsNamed(t);
    expect(named.map((r) => [r.last_name, r.job_title ?? null])).toEqual([
      [`${t} Holder`, null],
      [`${t} New`, "New"],
      [`${t} One`, "Updated"],
      [`${t} Three`, "y"],
    ]);
  });

  it("refuses a file that cannot be read, has no header, repeats a column or maps to an unknown field: 400 with details, nothing stored", async () => {
    const before = (await contacts.list()).json<{ total: number }>().total;
    const refusals: [string | Buffer, Record<string, string | object>, string, { path: string; message: string }[]][] = [
      [
        'last_name,email\r\n"unclosed,x@example.com\r\n',
        {},
        "file: line 2: a quoted cell is never closed",
        [{ path: "file", message: "line 2: a quoted cell is never closed" }],
      ],
      [
        "",
        {},
        "file: has no header line: the first line must name the columns",
        [{ path: "file", message: "has no header line: the first line must name the columns" }],
      ],
      [
        "last_name,Email,EMAIL,last_name\r\nx,y,z,w\r\n",
        {},
        "file: the header has the column 'last_name' twice (columns 1 and 4)",
        [{ path: "file", message: "the header has the column 'last_name' twice (columns 1 and 4)" }],
      ],
      [
        "Surname\r\nx\r\n",
        { mapping: { Surname: "surname" } },
        "mapping.Surname: 'surname' is not a field of contact",
        [{ path: "mapping.Surname", message: "'surname' is not a field of contact" }],
      ],
      [
        Buffer.from([0x6c, 0x61, 0x73, 0x74, 0x5f, 0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0x0a]),
        {},
        "file: is not UTF-8 text (save the CSV as UTF-8)",
        [{ path: "file", message: "is not UTF-8 text (save the CSV as UTF-8)" }],
      ],
      [
        "first_name\r\nx\r\n",
        { mode: "upsert", upsertOn: "first_name" },
        "upsertOn: 'first_name' is not a unique field of contact",
        [{ path: "upsertOn", message: "must name a unique field" }],
      ],
      [
        "email\r\nx\r\n",
        { mode: "upsert" },
        "upsertOn: is required with mode upsert: a unique field such as email",
        [{ path: "upsertOn", message: "is required with mode upsert: a unique field such as email" }],
      ],
      [
        "Nothing,Matches\r\nx,y\r\n",
        {},
        "file: no column matches a field of contact by apiName or label; send a mapping of columns to fields",
        [{ path: "file", message: "no column matches a field of contact by apiName or label; send a mapping of columns to fields" }],
      ],
    ];
    for (const [csv, fields, message, details] of refusals) {
      const res = await contacts.upload(csv, fields);
      expect(res.status, res.text).toBe(400);
      expect(res.json(), res.text).toMatchObject({ error: message, code: "invalid_request", details });
    }
    const neither = await contacts.start({ mode: "create" });
    expect(neither.status).toBe(400);
    expect(neither.json()).toMatchObject({
      details: [{ path: "file", message: "send either a file (multipart/form-data) or an attachmentId, not both" }],
    });
    expect((await contacts.list()).json<{ total: number }>().total).toBe(before);
  });

  it("answers 413 for a file over IMPORT_MAX_BYTES, and for an attachment over it", async () => {
    const saved = process.env.IMPORT_MAX_BYTES;
    process.env.IMPORT_MAX_BYTES = "1000";
    try {
      const res = await contacts.upload(contactsCsv(100, tag()));
      expect(res.status).toBe(413);
      expect(res.json()).toMatchObject({
        code: "payload_too_large",
        error: "Request body too large: the limit of file is 1000 bytes (IMPORT_MAX_BYTES)",
      });
      const holder = await records.mustCreate({ last_name: "File holder" });
      const big = await new AttachmentsApi(keyA).attach(
        { objectApiName: "contact", recordId: holder.id },
        { fileName: "big.csv", contentType: "text/csv", bytes: Buffer.from(contactsCsv(100, tag())) },
      );
      const fromAttachment = await contacts.start({ attachmentId: big.id });
      expect(fromAttachment.status).toBe(413);
      expect(fromAttachment.json()).toMatchObject({ code: "payload_too_large" });
    } finally {
      if (saved === undefined) delete process.env.IMPORT_MAX_BYTES;
      else process.env.IMPORT_MAX_BYTES = saved;
    }
  });

  it("imports an attachment already uploaded (JSON body with attachmentId); an unknown one is 404", async () => {
    const t = tag();
    const holder = await records.mustCreate({ last_name: `${t} holder` });
    const file = await new AttachmentsApi(keyA).attach(
      { objectApiName: "contact", recordId: holder.id },
      { fileName: "people.csv", contentType: "text/csv", bytes: Buffer.from(contactsCsv(3, t)) },
    );
    const res = await contacts.start({ attachmentId: file.id, mode: "create" });
    expect(res.status, res.text).toBe(202);
    await runImportsUntilIdle();
    expect(await contacts.mustGet(res.json<ApiImport>().id)).toMatchObject({ status: "done", created: 3 });
    expect(await contactsNamed(`${t} 1`)).toHaveLength(1);
    const unknown = await contacts.start({ attachmentId: "01900000-0000-7000-8000-000000000000" });
    expect(unknown.status).toBe(404);
  });

  it("an Idempotency-Key answers the first import again for the same file, and 409 for another file", async () => {
    const key = { "Idempotency-Key": `imp-${tag()}` };
    const csv = contactsCsv(2, tag());
    const first = await contacts.upload(csv, {}, "same.csv", key);
    expect(first.status, first.text).toBe(202);
    const again = await contacts.upload(csv, {}, "same.csv", key);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json<ApiImport>().id).toBe(first.json<ApiImport>().id);
    expect((await contacts.upload(`${csv}X,Y,z@example.com\r\n`, {}, "same.csv", key)).status).toBe(409);
  });

  it("a file of a header alone is an import done at once, with nothing to write", async () => {
    const res = await contacts.upload("last_name,email\r\n");
    expect(res.status).toBe(202);
    expect(res.json()).toMatchObject({ status: "done", total: 0, processed: 0, created: 0, failed: 0 });
    expect(res.json<ApiImport>().finished_at).not.toBeNull();
  });

  it("lists an object's imports newest first, paged, with the exact total", async () => {
    const first = await importNow(contacts, contactsCsv(1, tag()));
    const second = await importNow(contacts, contactsCsv(1, tag()));
    const page = (await contacts.list({ limit: "2" })).json<{ data: ApiImport[]; total: number; limit: number; offset: number }>();
    expect(page.data.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(page).toMatchObject({ limit: 2, offset: 0 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data[0]!.errors_url).toMatch(new RegExp(`/api/v1/contact/imports/${second.id}/errors$`));
  });

  it("cancel stops an import before its next batch and keeps what was written; done is final (409), cancelled answers as it is", async () => {
    const t = tag();
    const started = await contacts.mustUpload(contactsCsv(6, t));
    // One batch of two rows, then the run stops (its signal aborts after the commit).
    const stop = new AbortController();
    await runImportsUntilIdle({ batchRows: 2, signal: stop.signal, afterBatch: () => stop.abort() });
    expect(await contacts.mustGet(started.id)).toMatchObject({ status: "running", processed: 2, created: 2 });
    const cancelled = await contacts.cancel(started.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: started.id, status: "cancelled", processed: 2 });
    expect(cancelled.json<ApiImport>().finished_at).not.toBeNull();
    await runImportsUntilIdle({ batchRows: 2 });
    expect(await contacts.mustGet(started.id)).toMatchObject({ status: "cancelled", processed: 2, created: 2 });
    expect(await contactsNamed(t)).toHaveLength(2);
    expect((await contacts.cancel(started.id)).json()).toMatchObject({ status: "cancelled" });

    const done = await importNow(contacts, contactsCsv(1, tag()));
    const refused = await contacts.cancel(done.id);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "conflict",
      error: `Import '${done.id}' is done: only a queued or running import can be cancelled`,
    });
  });

  it("keeps tenants apart: another tenant's key gets 404 for the import, its errors and its cancel, and does not list it", async () => {
    const mine = await importNow(contacts, contactsCsv(1, tag()) + ",bad\r\n");
    const b = await createTestTenant("imports-b");
    const other = new ImportsApi(await bigKey(b), "contact");
    for (const res of [await other.get(mine.id), await other.errors(mine.id), await other.cancel(mine.id)]) {
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found", error: `Import '${mine.id}' not found` });
    }
    expect((await other.list()).json()).toMatchObject({ data: [], total: 0 });
    // Another object's path does not reach it either.
    expect((await new ImportsApi(keyA, "lead").get(mine.id)).status).toBe(404);
  });

  it("needs the object's write permission to import and read permission to look; imports is no object name", async () => {
    const readOnly = new ImportsApi((await createTestKey(a, { readOnly: true })).secret, "contact");
    const refused = await readOnly.upload(contactsCsv(1, tag()));
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ error: "errors.apiKeyReadOnly" });
    const mine = await importNow(contacts, contactsCsv(1, tag()));
    expect((await readOnly.get(mine.id)).status).toBe(200);
    expect((await readOnly.cancel(mine.id)).status).toBe(403);
    const leadsOnly = new ImportsApi((await createTestKey(a, { allowedObjects: ["lead"] })).secret, "contact");
    expect((await leadsOnly.get(mine.id)).json()).toMatchObject({ error: "errors.apiKeyObjectDenied" });
    expect(objectApiNameSchema.safeParse("imports").success).toBe(false);
  });

  it("a tenant whose object was already called `imports` keeps it: its records at /imports, its imports at /imports/imports", async () => {
    const t = await createTestTenant("legacy-imports");
    const key = await bigKey(t);
    // Written as an older version allowed it, before `imports` was reserved.
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$executeRaw`INSERT INTO object_def (tenant_id, id, api_name, label, plural_label, custom)
        VALUES (${t.tenantId}::uuid, ${randomUUID()}::uuid, 'imports', 'Import', 'Imports', true)`,
    );
    expect((await new RecordsApi(key, "imports").list()).status).toBe(200);
    const api = new ImportsApi(key, "imports");
    expect((await api.list()).json()).toMatchObject({ data: [], total: 0 });
    // The path reaches the object: its (lack of) fields decide.
    const res = await api.upload("name\r\nx\r\n");
    expect(res.json()).toMatchObject({
      details: [{ path: "file", message: expect.stringContaining("no column matches a field of imports") }],
    });
  });
});
