/**
 * The flow-steps job in several real processes at once, and one killed with SIGKILL half-way
 * (tests/fixtures/flow-instance.ts): every step runs exactly once, whatever happens to an
 * instance — one email and one task per enrolled record, one flow.message_sent and one
 * flow.completed per enrollment. PostgreSQL only: PGlite serves one process per data directory.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { failures, killInstance, startInstance, stopInstance, waitFor } from "../../helpers/instance-process.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { enrollVia, makeFlow } from "./helpers.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
const PEOPLE = 120;
/** 240 calls to enroll, instances' start and stop, and waits of up to two minutes: past the default 30 s on a slow machine. */
const LONG = 240_000;

describe.skipIf(!onPostgres)("flow-steps in several instances (PostgreSQL)", () => {
  const database = privateDatabase();
  let owner: pg.Client;
  let t: TestTenant;
  let key: string;

  beforeAll(async () => {
    owner = new pg.Client({ connectionString: database.ownerUrl });
    await owner.connect();
    t = await createTestTenant("flow-instances");
    key = await bigKey(t);
  });
  afterAll(async () => {
    await owner?.end();
  });

  const count = async (sql: string, values: unknown[] = []) => Number((await owner.query<{ n: string }>(sql, values)).rows[0]!.n);

  const start = (env: Record<string, string> = {}) =>
    startInstance("tests/fixtures/flow-instance.ts", database, { SMTP_URL: "", EMAIL_DAILY_CAP: "100000", ...env });

  /** A flow of an email and a task, and PEOPLE contacts enrolled in it; the enrollment ids. */
  async function enrollPeople(name: string): Promise<string[]> {
    const flow = await makeFlow(t, {
      name,
      steps: [
        { type: "email", subject: "Hello {{last_name}}", body: "Hi {{last_name}}" },
        { type: "task", subject: "Call {{last_name}}" },
      ],
    });
    const contacts = new RecordsApi(key, "contact");
    const ids: string[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const person = await contacts.mustCreate({ last_name: `${name} ${i}`, email: `p${i}.${randomUUID().slice(0, 6)}@example.com` });
      const res = await enrollVia(key, flow.id, person.id);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    return ids;
  }

  const finished = (ids: string[]) =>
    count("SELECT count(*) AS n FROM flow_enrollment WHERE id = ANY($1::uuid[]) AND status <> 'active'", [ids]);

  /** Exactly once: per enrollment one email, one task, one message_sent, one completed (finished). */
  async function expectExactlyOnce(ids: string[]): Promise<void> {
    const per = await owner.query<{ id: string; emails: string; tasks: string; sent: string; completed: string; reason: string }>(
      `SELECT e.id, e.end_reason AS reason,
              (SELECT count(*) FROM email_message m WHERE m.enrollment_id = e.id) AS emails,
              (SELECT count(*) FROM activity a WHERE a.tenant_id = e.tenant_id AND a.record_id = e.record_id) AS tasks,
              (SELECT count(*) FROM outbox_event o WHERE o.event = 'flow.message_sent' AND o.payload::jsonb->>'enrollmentId' = e.id::text) AS sent,
              (SELECT count(*) FROM outbox_event o WHERE o.event = 'flow.completed' AND o.payload::jsonb->>'enrollmentId' = e.id::text) AS completed
       FROM flow_enrollment e WHERE e.id = ANY($1::uuid[])`,
      [ids],
    );
    const wrong = per.rows.filter((r) => [r.emails, r.tasks, r.sent, r.completed].some((n) => n !== "1") || r.reason !== "finished");
    expect(wrong).toEqual([]);
    expect(per.rows).toHaveLength(ids.length);
  }

  it(
    "two instances at once run every step once between them",
    async () => {
      const ids = await enrollPeople("Pair");
      const instances = await Promise.all([start({ FLOW_PER_CLAIM: "7" }), start({ FLOW_PER_CLAIM: "7" })]);
      await waitFor("every enrollment to finish", 120_000, async () => (await finished(ids)) === ids.length);
      await Promise.all(instances.map(stopInstance));
      expect(instances.map(failures)).toEqual([[], []]);
      await expectExactlyOnce(ids);
    },
    LONG,
  );

  it(
    "an instance killed with SIGKILL mid-claim loses and repeats nothing: the next one finishes exactly what was left",
    async () => {
      const ids = await enrollPeople("Killed");
      const first = await start({ FLOW_PER_CLAIM: "10", FLOW_STEP_PAUSE_MS: "20" });
      await waitFor(
        "some steps committed",
        60_000,
        async () => (await count("SELECT count(*) AS n FROM email_message WHERE enrollment_id = ANY($1::uuid[])", [ids])) >= 20,
      );
      await killInstance(first, count);
      expect(await finished(ids)).toBeLessThan(ids.length);
      const second = await start();
      await waitFor("every enrollment to finish", 120_000, async () => (await finished(ids)) === ids.length);
      await stopInstance(second);
      expect(failures(second)).toEqual([]);
      await expectExactlyOnce(ids);
    },
    LONG,
  );
});
