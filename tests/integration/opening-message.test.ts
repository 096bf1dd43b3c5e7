/**
 * Round trips of driver transactions (lib/db/pg-transaction.ts, opening-message.ts): a statement
 * prepared on the connection runs as EXECUTE with literal arguments, the first one inside the
 * transaction's opening message; a read-only transaction's COMMIT travels with the connection's
 * next opening, or alone once the connection idles. The answers must be those of the bound run,
 * for any string, under the right tenant; writes still commit and failures still roll back.
 */
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import { executeLater, prepared, queryTogether, withTenantSql } from "@/lib/db/tenant.ts";
import { createTestTenant } from "../helpers/fixtures.ts";

const TRICKY = ["plain", "it's", "back\\slash \\' mixed", "'); SET LOCAL app.tenant_id = ''; --", "Zoë 🙂 $1 ?", ""];

interface Echo {
  value: string | null;
  list: string[];
  tenant: string;
  sent: string;
  pid: number;
}

const echo = (value: string | null, list: string[]) =>
  prepared(
    "test_opening_echo",
    Prisma.sql`SELECT ${value}::text AS value, ${list}::text[] AS list, current_setting('app.tenant_id') AS tenant,
                      current_query() AS sent, pg_backend_pid() AS pid`,
  );

const isPostgres = async () => (await getDatabase()).engine === "postgres";

describe("driver transaction round trips", () => {
  it("run a prepared statement in the opening message, with the bound run's answers", async () => {
    const a = await createTestTenant("open-a");
    const b = await createTestTenant("open-b");
    // Sequential transactions reuse the pool's last idle connection, where the statement is prepared.
    const runs: Echo[] = [];
    for (const value of [...TRICKY, null]) {
      for (const tenant of [a.tenantId, b.tenantId]) {
        const list = [value ?? "x", 'quote " and \\ back', "NULL", "{a,b}"];
        const [row] = await withTenantSql(tenant, async (tx) => await tx.$queryRaw<Echo[]>(echo(value, list)));
        expect(row).toMatchObject({ value, list, tenant });
        if (row!.sent.includes("EXECUTE"))
          expect(row!.sent).toContain(`BEGIN; SET LOCAL app.tenant_id = '${tenant}'; EXECUTE test_opening_echo(`);
        runs.push(row!);
      }
    }
    const fused = runs.filter((r) => r.sent.includes("EXECUTE test_opening_echo("));
    // After a read-only transaction, the next opening on that connection first commits it.
    const committing = runs.filter((r) => r.sent.startsWith("COMMIT; BEGIN; SET LOCAL"));
    if (await isPostgres()) {
      expect(fused.length).toBeGreaterThanOrEqual(runs.length - 2);
      expect(committing.length).toBeGreaterThan(0);
    } else {
      expect(fused).toEqual([]);
    }
  });

  it("inline timestamps and number arrays as the driver sends them, and bind other values", async () => {
    const a = await createTestTenant("open-c");
    const at = new Date("2026-01-02T03:04:05.678Z");
    const numbers = [1.5, null, -2, 1e21];
    const inlined = () =>
      prepared(
        "test_opening_date",
        Prisma.sql`SELECT ${at}::timestamptz AS at, ${numbers}::float8[]::text AS numbers, current_query() AS sent`,
      );
    // An object, and arguments longer than PostgreSQL scans faster than it binds (4 KiB).
    const bound = () => prepared("test_opening_json", Prisma.sql`SELECT ${{ a: 1 }}::jsonb AS doc, current_query() AS sent`);
    const long = () => prepared("test_opening_long", Prisma.sql`SELECT length(${"x".repeat(5000)}::text) AS n, current_query() AS sent`);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await withTenantSql(
        a.tenantId,
        async (tx) => await tx.$queryRaw<{ at: Date; numbers: string; sent: string }[]>(inlined()),
      );
      expect(row!.at.toISOString()).toBe(at.toISOString());
      expect(row!.numbers).toBe("{1.5,NULL,-2,1e+21}");
      sent.push(row!.sent);
      const [json] = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ doc: unknown; sent: string }[]>(bound()));
      expect(json!.doc).toEqual({ a: 1 });
      expect(json!.sent).not.toContain("EXECUTE");
      const [big] = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ n: number; sent: string }[]>(long()));
      expect(big!.n).toBe(5000);
      expect(big!.sent).not.toContain("EXECUTE");
    }
    if (await isPostgres()) expect(sent.at(-1)).toContain(`EXECUTE test_opening_date('2026-01-02T03:04:05.678Z', '{1.5,NULL,-2,1e+21}')`);
  });

  it("bind a string holding NUL, which a simple-query message cannot carry, and fail as the bound run does", async () => {
    const a = await createTestTenant("open-j");
    for (let i = 0; i < 3; i++) {
      const nul = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw(echo("a\u0000b", []))).catch(
        (e: { code?: string }) => e.code,
      );
      expect(nul).toBe("22021");
      const [ok] = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<Echo[]>(echo("fine", [])));
      expect(ok!.value).toBe("fine");
    }
  });

  it("commit a read-only transaction left open once its connection stays idle", async () => {
    if (!(await isPostgres())) return;
    const a = await createTestTenant("open-d");
    const [row] = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<Echo[]>(echo("x", [])));
    await new Promise((r) => setTimeout(r, 200));
    const [session] = await withTenantSql(
      a.tenantId,
      async (tx) =>
        await tx.concurrently!(
          async (side) => await side.$queryRaw<{ state: string }[]>`SELECT state FROM pg_stat_activity WHERE pid = ${row!.pid}::int`,
        ),
    );
    expect(session!.state).toBe("idle");
  });

  it("send prefetched reads with the next statement and answer them from there, never a write or a lock", async () => {
    const a = await createTestTenant("open-f");
    const b = await createTestTenant("open-g");
    const first = (v: string) => prepared("test_prefetch_first", Prisma.sql`SELECT ${v}::text AS v, current_query() AS sent`);
    const later = (v: string) =>
      prepared(
        "test_prefetch_later",
        Prisma.sql`SELECT ${v}::text AS v, current_setting('app.tenant_id') AS tenant, current_query() AS sent`,
      );
    const locking = (v: string) =>
      prepared("test_prefetch_lock", Prisma.sql`SELECT ${v}::text AS v, current_query() AS sent FROM tenant FOR UPDATE`);
    const write = prepared("test_prefetch_write", Prisma.sql`UPDATE tenant SET name = 'prefetched' WHERE id = ${a.tenantId}::uuid`);
    type Row = { v: string; sent: string; tenant?: string };
    const attempt = (tenantId: string) =>
      withTenantSql(tenantId, async (tx) => {
        tx.prefetch?.(later("l'1"));
        tx.prefetch?.(locking("k"));
        tx.prefetch?.(write);
        const [f] = await tx.$queryRaw<Row[]>(first("f"));
        const [l] = await tx.$queryRaw<Row[]>(later("l'1"));
        const [k] = await tx.$queryRaw<Row[]>(locking("k"));
        return { f: f!, l: l!, k: k! };
      });
    // Three rounds prepare the statements on the reused connection; later rounds prefetch.
    const rounds = [];
    for (let i = 0; i < 4; i++) rounds.push(await attempt(i % 2 ? b.tenantId : a.tenantId));
    for (const [i, { f, l, k }] of rounds.entries()) {
      expect([f.v, l.v, k.v, l.tenant]).toEqual(["f", "l'1", "k", i % 2 ? b.tenantId : a.tenantId]);
      expect(f.sent).not.toContain("test_prefetch_lock");
      expect(f.sent).not.toContain("test_prefetch_write");
    }
    const last = rounds.at(-1)!;
    if (await isPostgres()) {
      // The later read came back in the first statement's message: one round trip for both.
      expect(last.f.sent).toContain(`EXECUTE test_prefetch_first('f'); EXECUTE test_prefetch_later('l''1')`);
      expect(last.l.sent).toBe(last.f.sent);
      expect(last.k.sent).not.toBe(last.f.sent);
    }
    const [tenant] = await withTenantSql(
      a.tenantId,
      async (tx) => await tx.$queryRaw<{ name: string }[]>`SELECT name FROM tenant WHERE id = ${a.tenantId}::uuid`,
    );
    expect(tenant!.name).not.toBe("prefetched");
  });

  it("commit at once a transaction that took row locks, even without writing", async () => {
    if (!(await isPostgres())) return;
    const a = await createTestTenant("open-h");
    const lock = prepared("test_opening_lock", Prisma.sql`SELECT id FROM tenant WHERE id = ${a.tenantId}::uuid FOR UPDATE`);
    for (let i = 0; i < 3; i++) {
      await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw(lock));
      // Another connection takes the same lock without waiting: the first one let go on return.
      const [free] = await withTenantSql(
        a.tenantId,
        async (tx) =>
          await tx.concurrently!(
            async (side) =>
              await side.$queryRaw<{ id: string }[]>`SELECT id::text FROM tenant WHERE id = ${a.tenantId}::uuid FOR UPDATE NOWAIT`,
          ),
      );
      expect(free!.id).toBe(a.tenantId);
    }
  });

  it("forget prefetched answers once the transaction writes", async () => {
    const a = await createTestTenant("open-i");
    const first = prepared("test_forget_first", Prisma.sql`SELECT 1 AS one`);
    const name = prepared("test_forget_name", Prisma.sql`SELECT name FROM tenant WHERE id = ${a.tenantId}::uuid`);
    for (const next of ["renamed 1", "renamed 2", "renamed 3"]) {
      const seen = await withTenantSql(a.tenantId, async (tx) => {
        tx.prefetch?.(name);
        await tx.$queryRaw(first);
        await tx.$executeRaw`UPDATE tenant SET name = ${next} WHERE id = ${a.tenantId}::uuid`;
        return (await tx.$queryRaw<{ name: string }[]>(name))[0]!.name;
      });
      expect(seen).toBe(next);
    }
  });

  it("commit writes, also after a deferred commit, and roll back a failed transaction", async () => {
    const a = await createTestTenant("open-e");
    const rename = (name: string) =>
      prepared("test_opening_rename", Prisma.sql`UPDATE tenant SET name = ${name} WHERE id = ${a.tenantId}::uuid`);
    const nameOf = async () =>
      (
        await withTenantSql(
          a.tenantId,
          async (tx) =>
            await tx.$queryRaw<{ name: string }[]>(
              prepared("test_opening_name", Prisma.sql`SELECT name FROM tenant WHERE id = ${a.tenantId}::uuid`),
            ),
        )
      )[0]!.name;
    for (const name of ["first", "second", "third"]) {
      expect(await withTenantSql(a.tenantId, async (tx) => await tx.$executeRaw(rename(name)))).toBe(1);
      expect(await nameOf()).toBe(name);
    }
    await expect(
      withTenantSql(a.tenantId, async (tx) => {
        await tx.$executeRaw(rename("never"));
        throw new Error("fails after the write");
      }),
    ).rejects.toThrow("fails after the write");
    expect(await nameOf()).toBe("third");
  });

  it("send a write whose answer is not needed with the next statement, or with the COMMIT", async () => {
    const a = await createTestTenant("open-k");
    // The tenant's name becomes the message the write travelled in.
    const stamp = (tag: string) =>
      prepared("test_later_stamp", Prisma.sql`UPDATE tenant SET name = ${tag} || current_query() WHERE id = ${a.tenantId}::uuid`);
    const nameOf = prepared("test_later_name", Prisma.sql`SELECT name, current_query() AS sent FROM tenant WHERE id = ${a.tenantId}::uuid`);
    const rounds: { ahead: { name: string; sent: string }; committed: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const ahead = await withTenantSql(a.tenantId, async (tx) => {
        await tx.$queryRaw(nameOf);
        await executeLater(tx, stamp(`a${i}:`));
        return (await tx.$queryRaw<{ name: string; sent: string }[]>(nameOf))[0]!;
      });
      // The write ran before the read that followed it, which sees it.
      expect(ahead.name.startsWith(`a${i}:`)).toBe(true);
      await withTenantSql(a.tenantId, async (tx) => {
        await tx.$queryRaw(nameOf);
        await executeLater(tx, stamp(`c${i}:`));
      });
      const [committed] = await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(nameOf));
      expect(committed!.name.startsWith(`c${i}:`)).toBe(true);
      rounds.push({ ahead, committed: committed!.name });
    }
    if (await isPostgres()) {
      const last = rounds.at(-1)!;
      expect(last.ahead.sent).toBe(`EXECUTE test_later_stamp('a3:', '${a.tenantId}'); EXECUTE test_later_name('${a.tenantId}')`);
      expect(last.committed).toBe(`c3:EXECUTE test_later_stamp('c3:', '${a.tenantId}'); COMMIT`);
    }
  });

  it("fail the transaction, and roll it back whole, when a write sent later fails", async () => {
    const a = await createTestTenant("open-l");
    const rename = prepared("test_later_rename", Prisma.sql`UPDATE tenant SET name = 'renamed' WHERE id = ${a.tenantId}::uuid`);
    const failing = (divisor: number) =>
      prepared("test_later_failing", Prisma.sql`UPDATE tenant SET name = (1 / ${divisor}::int)::text WHERE id = ${a.tenantId}::uuid`);
    const read = prepared("test_later_read", Prisma.sql`SELECT name FROM tenant WHERE id = ${a.tenantId}::uuid`);
    const original = (await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(read)))[0]!.name;
    // Once with each statement unprepared (run at once), then prepared (sent later): same outcome.
    for (let i = 0; i < 3; i++) {
      for (const next of [undefined, read]) {
        const outcome = await withTenantSql(a.tenantId, async (tx) => {
          await tx.$executeRaw(rename);
          await executeLater(tx, failing(0));
          if (next) await tx.$queryRaw(next);
        }).catch((e: { code?: string }) => e.code);
        expect(outcome).toBe("22012");
        expect((await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(read)))[0]!.name).toBe(original);
      }
      await withTenantSql(a.tenantId, async (tx) => await executeLater(tx, failing(1)));
      expect((await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(read)))[0]!.name).toBe("1");
      await withTenantSql(
        a.tenantId,
        async (tx) => await tx.$executeRaw`UPDATE tenant SET name = ${original} WHERE id = ${a.tenantId}::uuid`,
      );
    }
  });

  it("run statements together in one message, in order, and skip those after a failure", async () => {
    const a = await createTestTenant("open-m");
    const rename = (name: string) =>
      prepared("test_together_rename", Prisma.sql`UPDATE tenant SET name = ${name} WHERE id = ${a.tenantId}::uuid RETURNING name`);
    const read = prepared(
      "test_together_read",
      Prisma.sql`SELECT name, current_query() AS sent FROM tenant WHERE id = ${a.tenantId}::uuid`,
    );
    const failing = prepared("test_together_failing", Prisma.sql`SELECT 1 / ${0}::int AS never`);
    const original = (await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(read)))[0]!.name;
    let sent = "";
    for (let i = 0; i < 3; i++) {
      const [renamed, seen] = await withTenantSql(a.tenantId, async (tx) => await queryTogether(tx, [rename(`t${i}`), read]));
      expect(renamed).toEqual([{ name: `t${i}` }]);
      expect((seen as { name: string }[])[0]!.name).toBe(`t${i}`);
      sent = (seen as { sent: string }[])[0]!.sent;
      const failed = await withTenantSql(
        a.tenantId,
        async (tx) => await queryTogether(tx, [rename("never"), failing, rename("nor this")]),
      ).catch((e: { code?: string }) => e.code);
      expect(failed).toBe("22012");
      expect((await withTenantSql(a.tenantId, async (tx) => await tx.$queryRaw<{ name: string }[]>(read)))[0]!.name).toBe(`t${i}`);
    }
    if (await isPostgres())
      expect(sent).toContain(`EXECUTE test_together_rename('t2', '${a.tenantId}'); EXECUTE test_together_read('${a.tenantId}')`);
    await withTenantSql(
      a.tenantId,
      async (tx) => await tx.$executeRaw`UPDATE tenant SET name = ${original} WHERE id = ${a.tenantId}::uuid`,
    );
  });
});
