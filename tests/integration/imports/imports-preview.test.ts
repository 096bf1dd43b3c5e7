/**
 * POST /{object}/imports/preview: the columns as they would map and the first rows tried with the
 * import's own checks, nothing kept (no record, count or event), a sample cut inside its last row
 * ending at the row before, and another tenant's records never seen by lookups or uniqueness.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { bigKey, RecordsApi, type Page } from "../records/helpers.ts";
import { ImportsApi, withTempDataDir } from "./import-client.ts";

interface Preview {
  columns: { header: string; field: string | null }[];
  rows: { row: number; cells: string[]; ok: boolean; error?: string }[];
}

const tag = () => `p${randomBytes(4).toString("hex")}`;

describe("import preview", () => {
  let a: TestTenant;
  let b: TestTenant;
  let contacts: ImportsApi;
  let records: RecordsApi;
  let recordsB: RecordsApi;

  beforeAll(async () => {
    withTempDataDir();
    a = await createTestTenant("preview-a");
    b = await createTestTenant("preview-b");
    const key = await bigKey(a);
    contacts = new ImportsApi(key, "contact");
    records = new RecordsApi(key, "contact");
    recordsB = new RecordsApi(await bigKey(b), "contact");
  });

  const events = (t: TestTenant) =>
    withTenantSql(t.tenantId, async (tx) => (await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_event`)[0]!.n);

  it("maps columns by label and tries each row with the import's checks, keeping nothing", async () => {
    const t = tag();
    await records.mustCreate({ last_name: `${t} Taken`, email: `taken.${t}@example.com` });
    const before = { page: (await records.list({ search: t })).json<Page>().total, events: await events(a) };
    const csv = [
      "First name,Last name,Email,Shoe size",
      `Ada,${t} One,ada.${t}@example.com,42`,
      `Bob,,bob.${t}@example.com,43`,
      `Cy,${t} Three,taken.${t}@example.com,44`,
      `Di,${t} Four,not-an-email,45`,
      `Ed,${t} Five,ed.${t}@example.com,46`,
    ].join("\r\n");
    const res = await contacts.preview(csv);
    expect(res.status, res.text).toBe(200);
    const preview = res.json<Preview>();
    expect(preview.columns).toEqual([
      { header: "First name", field: "first_name" },
      { header: "Last name", field: "last_name" },
      { header: "Email", field: "email" },
      { header: "Shoe size", field: null },
    ]);
    expect(preview.rows.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, true],
    ]);
    expect(preview.rows[1]!.error).toMatch(/last_name: is required/);
    expect(preview.rows[2]!.error).toBe("email: another record already has this value");
    expect(preview.rows[3]!.error).toMatch(/^email: must be a valid email address/);
    // Nothing was kept: no record, no event, the same total.
    expect((await records.list({ search: t })).json<Page>().total).toBe(before.page);
    expect(await events(a)).toBe(before.events);
  });

  it("follows the mapping and upsert mode it is given, as the import would", async () => {
    const t = tag();
    await records.mustCreate({ last_name: `${t} Old`, email: `same.${t}@example.com` });
    const csv = `Surname,Mail\r\n${t} New,same.${t}@example.com\r\n`;
    const res = await contacts.preview(csv, { mode: "upsert", upsertOn: "email", mapping: { Surname: "last_name", Mail: "email" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json<Preview>().rows).toEqual([{ row: 2, cells: [`${t} New`, `same.${t}@example.com`], ok: true }]);
    // Tenant B's same email is no conflict of A's, and A's record is not B's to update.
    const inB = await recordsB.list({ search: t });
    expect(inB.json<Page>().total).toBe(0);
    const b1 = await new ImportsApi(recordsB.auth, "contact").preview(csv, {
      mode: "upsert",
      upsertOn: "email",
      mapping: { Surname: "last_name", Mail: "email" },
    });
    expect(b1.json<Preview>().rows[0]!.ok).toBe(true);
    expect((await records.list({ search: `${t} Old` })).json<Page>().total).toBe(1);
  });

  it("stops at the row before a sample cut inside its last row; refuses a file it cannot read at all", async () => {
    const t = tag();
    const cut = `Last name,Email\r\n${t} A,a.${t}@example.com\r\n"${t} B, unfinished`;
    const res = await contacts.preview(cut);
    expect(res.status, res.text).toBe(200);
    expect(res.json<Preview>().rows.map((r) => r.row)).toEqual([2]);
    expect((await contacts.preview("")).status).toBe(400);
    expect((await contacts.preview(`Nothing,Matches\r\nx,y\r\n`)).status).toBe(400);
    const big = await contacts.preview(Buffer.alloc(1024 * 1024 + 1, 65));
    expect(big.status).toBe(413);
  });
});
