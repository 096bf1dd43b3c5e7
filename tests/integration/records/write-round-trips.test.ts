/**
 * Round trips of a single write on PostgreSQL (issue: fewer statements per write): the messages
 * that wait for the server's answer — a simple query, or an extended query's Sync — counted on the
 * driver while one create and one update run through the REST handlers. A create of a record with
 * a unique field is: the credential; the transaction's opening with its change stamp and the unique
 * claim; the record with its value rows, name tokens and event as one statement, sent with the
 * COMMIT. Before, the claim took a round trip of its own plus a savepoint and its release, the
 * record, its tokens and its event were three statements, and COMMIT one more (9 in all); an
 * update changing the unique field and the name took 10.
 *
 * @vitest-isolate: it counts what every pg connection of the process sends, and a pool an earlier
 * file of the same worker left running (a job's timer) once sent its own statement in the middle.
 */
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { flushRequestLog } from "@/lib/services/request-log/writer.ts";
import { createTestTenant } from "../../helpers/fixtures.ts";
import { bigKey, createCustomObject, RecordsApi, type ApiRecord } from "./helpers.ts";

type Patched = { query(...a: unknown[]): unknown; sync(...a: unknown[]): unknown };

/** The round trips `fn` makes: simple queries and extended-query Syncs sent on any pg connection. */
async function roundTrips(fn: () => Promise<unknown>): Promise<{ count: number; sent: string[] }> {
  // The request log's lines of earlier requests are written now, not in the middle of the count,
  // and the measured request logs none: its line is written off the request's path, batched 200 ms
  // later, which on a loaded machine came before the answer and was counted.
  await flushRequestLog();
  const requestLog = process.env.REQUEST_LOG;
  process.env.REQUEST_LOG = "off";
  const proto = (pg as unknown as { Connection: { prototype: Patched } }).Connection.prototype;
  const { query, sync } = proto;
  const sent: string[] = [];
  proto.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    sent.push(String(text).replace(/\s+/g, " ").slice(0, 80));
    return query.call(this, text, ...rest);
  };
  proto.sync = function (this: unknown, ...rest: unknown[]) {
    sent.push("(extended query)");
    return sync.call(this, ...rest);
  };
  try {
    await fn();
  } finally {
    Object.assign(proto, { query, sync });
    if (requestLog === undefined) delete process.env.REQUEST_LOG;
    else process.env.REQUEST_LOG = requestLog;
  }
  return { count: sent.length, sent };
}

/** Set on PostgreSQL runs only; PGlite has no wire protocol to count. */
const postgres = Boolean(inject("pgOwnerUrl"));

describe("round trips of a single write", () => {
  let api: RecordsApi;

  beforeAll(async () => {
    const t = await createTestTenant("round-trips");
    await createCustomObject(t, "rt_lead", [
      { apiName: "email", label: "Email", type: "email", unique: true },
      { apiName: "company", label: "Company", type: "text" },
      { apiName: "score", label: "Score", type: "number" },
    ]);
    api = new RecordsApi(`Bearer ${await bigKey(t)}`, "rt_lead");
    // Warm: the object's schema and the credential's statements are cached or prepared after this.
    for (let i = 0; i < 3; i++) {
      const warm = await api.mustCreate({ name: `warm ${i}`, email: `warm${i}@example.com` });
      expect((await api.patch(warm.id, { name: `warm ${i}!`, email: `warm${i}!@example.com`, score: i })).status).toBe(200);
      expect((await api.patch(warm.id, { company: `Warm ${i}`, score: i + 1 })).status).toBe(200);
    }
  });

  it.skipIf(!postgres)("a create with a unique field takes 3", async () => {
    const { count, sent } = await roundTrips(() =>
      api.mustCreate({ name: "Ada Lovelace", email: "ada@example.com", company: "Acme", score: 3 }),
    );
    expect(count, sent.join("\n")).toBe(3);
    // No COMMIT of its own: it ended the record's message.
    expect(sent).not.toContain("COMMIT");
    expect(sent.at(-1)).toMatch(/^EXECUTE s_\w+\(/);
  });

  it.skipIf(!postgres)("an update takes 4, moving a unique value and renaming or not", async () => {
    const record: ApiRecord = await api.mustCreate({ name: "Grace Hopper", email: "grace@example.com" });
    const renamed = await roundTrips(async () =>
      expect((await api.patch(record.id, { name: "Grace B. Hopper", email: "gbh@example.com" })).status).toBe(200),
    );
    // The credential, the opening with the locked row, the stamp with the unique value moved
    // (released and claimed in one statement), the row with its changed name words and event with the COMMIT.
    expect(renamed.count, renamed.sent.join("\n")).toBe(4);
    const plain = await roundTrips(async () => expect((await api.patch(record.id, { company: "Navy", score: 9 })).status).toBe(200));
    expect(plain.count, plain.sent.join("\n")).toBe(4);
  });
});
