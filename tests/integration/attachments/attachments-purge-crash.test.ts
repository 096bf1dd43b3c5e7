/**
 * The purge of uploads never registered (lib/jobs/attachment-uploads.ts) with several instances
 * and a crash, on the local store: two purges racing delete each upload's bytes and row exactly
 * once between them; a purge stopped between deleting a batch's bytes and committing (an error
 * there, and on PostgreSQL a real process killed with SIGKILL) leaves the rows, and the next run
 * deletes exactly those; an instance holding a batch keeps the others off it. Uploads of two
 * tenants; a registered attachment and a fresh upload are never touched.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { purgeUnregisteredUploads } from "@/lib/jobs/attachment-uploads.ts";
import { getAttachmentStore, setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createLocalStore } from "@/lib/storage/local-store.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { AttachmentsApi, fetchSigned, type ApiAttachment } from "./attachment-client.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);

type Target = { objectApiName: string; recordId: string };

describe("purging uploads never registered, with several instances and crashes", () => {
  // The purge reaches across tenants: a database of this file's own (on PGlite the file's clone is).
  const database = privateDatabase();
  const savedDataDir = process.env.DATA_DIR;
  let dataDir = "";
  /** Every key the store was asked to delete, in order (the in-process purges only). */
  const deletes: string[] = [];

  const tenants: { t: TestTenant; api: AttachmentsApi; on: Target }[] = [];
  let kept: ApiAttachment;
  let keptBytes: Buffer;
  let fresh: { storageKey: string; meta: Record<string, unknown> };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "crm-purge-"));
    process.env.DATA_DIR = dataDir;
    const local = createLocalStore();
    setAttachmentStore({
      ...local,
      delete: async (key) => {
        deletes.push(key);
        await local.delete(key);
      },
    });
    for (const label of ["purge-a", "purge-b"]) {
      const t = await createTestTenant(label);
      const key = await bigKey(t);
      const record = await new RecordsApi(key, "contact").mustCreate({ last_name: label });
      tenants.push({ t, api: new AttachmentsApi(key), on: { objectApiName: "contact", recordId: record.id } });
    }
    const [a] = tenants;
    keptBytes = randomBytes(4096);
    kept = await a!.api.attach(a!.on, { fileName: "kept.pdf", contentType: "application/pdf", bytes: keptBytes });
    fresh = await upload(0, randomBytes(100));
  });

  afterAll(async () => {
    setAttachmentStore(undefined);
    if (savedDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = savedDataDir;
    await rm(dataDir, { recursive: true, force: true });
  });

  // What must survive every purge: the registered file and the upload whose time has not come.
  afterEach(async () => {
    const [a] = tenants;
    const got = await a!.api.mustGet(kept.id);
    expect((await fetchSigned(got.downloadUrl, { method: "GET" })).bytes.equals(keptBytes)).toBe(true);
    expect(await getAttachmentStore().head(fresh.storageKey)).toEqual({ size: 100, contentType: "application/pdf" });
    expect(await rowsLeft([fresh.storageKey])).toBe(1);
    expect(deletes).not.toContain(fresh.storageKey);
  });

  /** Steps 1 and 2 for tenant i. */
  async function upload(i: number, bytes: Buffer): Promise<{ storageKey: string; meta: Record<string, unknown> }> {
    const { api, on } = tenants[i]!;
    const meta = { ...on, fileName: "never-registered.pdf", contentType: "application/pdf", size: bytes.length };
    const ticket = await api.mustUploadUrl(meta);
    const put = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: bytes });
    expect(put.status, put.bytes.toString()).toBe(200);
    return { storageKey: ticket.storageKey, meta };
  }

  /** n uploads, alternating between the tenants, whose purge time has passed (as 24 hours later). */
  async function staleUploads(n: number): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < n; i++) keys.push((await upload(i % 2, randomBytes(64 + i))).storageKey);
    for (const { t } of tenants)
      await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$executeRaw`UPDATE attachment_upload SET purge_after = now() - interval '1 minute' WHERE storage_key = ANY(${keys}::text[])`,
      );
    expect(await rowsLeft(keys)).toBe(n);
    return keys;
  }

  /** Upload rows left under these keys, over both tenants. */
  async function rowsLeft(keys: string[]): Promise<number> {
    let n = 0;
    for (const { t } of tenants) {
      const [row] = await withTenantSql(
        t.tenantId,
        async (tx) =>
          tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM attachment_upload WHERE storage_key = ANY(${keys}::text[])`,
      );
      n += row!.n;
    }
    return n;
  }

  /** The keys among these whose bytes the store still holds. */
  async function bytesLeft(keys: string[]): Promise<string[]> {
    const heads = await Promise.all(keys.map((k) => getAttachmentStore().head(k)));
    return keys.filter((_, i) => heads[i] !== null);
  }

  const sorted = (keys: string[]) => [...keys].sort();

  it("two purges racing delete each of 30 stale uploads exactly once between them, bytes and row", async () => {
    const keys = await staleUploads(30);
    deletes.length = 0;
    const batches: number[][] = [[], []];
    const run = (i: number) =>
      purgeUnregisteredUploads({
        batchSize: 4,
        afterBytesDeleted: async (batch) => {
          batches[i]!.push(batch.length);
          await sleep(15);
        },
      });
    const [first, second] = await Promise.all([run(0), run(1)]);
    expect(first + second).toBe(30);
    expect(sorted(deletes)).toEqual(sorted(keys));
    expect(batches.flat().every((n) => n <= 4)).toBe(true);
    // On PostgreSQL the two really ran side by side; PGlite has one connection and takes turns.
    if (onPostgres) expect(first > 0 && second > 0, `${first} + ${second}`).toBe(true);
    expect(await rowsLeft(keys)).toBe(0);
    expect(await bytesLeft(keys)).toEqual([]);
    expect(await purgeUnregisteredUploads()).toBe(0);
  });

  it("a purge stopped between deleting a batch's bytes and committing leaves the rows; the next run deletes exactly them", async () => {
    const keys = await staleUploads(12);
    deletes.length = 0;
    let doomed: string[] = [];
    const crashed = purgeUnregisteredUploads({
      batchSize: 5,
      afterBytesDeleted: (batch) => {
        doomed = batch;
        throw new Error("killed after deleting the bytes");
      },
    });
    await expect(crashed).rejects.toThrow("killed after deleting the bytes");
    expect(doomed.length).toBe(5);
    expect(sorted(deletes)).toEqual(sorted(doomed));
    // The batch's rows stayed (its transaction rolled back), its bytes are gone; the rest is as it was.
    expect(await rowsLeft(keys)).toBe(12);
    expect(sorted(await bytesLeft(keys))).toEqual(sorted(keys.filter((k) => !doomed.includes(k))));

    deletes.length = 0;
    expect(await purgeUnregisteredUploads({ batchSize: 5 })).toBe(12);
    // Deleting the already missing bytes again is no error; nothing but the stale uploads is deleted.
    expect(sorted(deletes)).toEqual(sorted(keys));
    expect(await rowsLeft(keys)).toBe(0);
    expect(await bytesLeft(keys)).toEqual([]);
    expect(await purgeUnregisteredUploads()).toBe(0);
  });

  it.runIf(onPostgres)(
    "an instance killed with SIGKILL after deleting a batch's bytes: meanwhile others skip its batch; afterwards the next run deletes it",
    async () => {
      const keys = await staleUploads(12);
      const appName = `upload-purge-${randomUUID().slice(0, 8)}`;
      const proc = spawn(process.execPath, ["--import", "tsx", "tests/integration/attachments/upload-purge-instance.ts"], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          DATABASE_URL: database.ownerUrl,
          APP_DATABASE_URL: database.appUrl,
          PGAPPNAME: appName,
          DATA_DIR: dataDir,
          UPLOAD_PURGE_BATCH_SIZE: "5",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
      proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once("exit", (_code, signal) => resolve(signal)));
      const owner = new pg.Client({ connectionString: database.ownerUrl });
      await owner.connect();
      try {
        const held = async (): Promise<string[] | undefined> => {
          for (const line of output.split("\n")) {
            try {
              const parsed = JSON.parse(line) as { bytesDeleted?: string[] };
              if (parsed.bytesDeleted) return parsed.bytesDeleted;
            } catch {
              // not a JSON line
            }
          }
          return undefined;
        };
        const deadline = Date.now() + 60_000;
        while (!(await held()) && proc.exitCode === null && Date.now() < deadline) await sleep(20);
        const doomed = (await held()) ?? [];
        expect(doomed.length, output).toBe(5);
        expect(doomed.every((k) => keys.includes(k))).toBe(true);
        expect(await bytesLeft(doomed)).toEqual([]);

        // While the instance holds its batch, another purge takes every other stale upload and not one of its.
        deletes.length = 0;
        expect(await purgeUnregisteredUploads({ batchSize: 5 })).toBe(7);
        expect(sorted(deletes)).toEqual(sorted(keys.filter((k) => !doomed.includes(k))));
        expect(await rowsLeft(keys)).toBe(5);

        proc.kill("SIGKILL");
        expect(await exited).toBe("SIGKILL");
        // Its session gone, its transaction has rolled back: the rows of its batch are still there.
        const sessionsDeadline = Date.now() + 10_000;
        const sessions = async () =>
          Number(
            (await owner.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1", [appName])).rows[0]!
              .n,
          );
        while ((await sessions()) > 0 && Date.now() < sessionsDeadline) await sleep(20);
        expect(await sessions()).toBe(0);
        expect(await rowsLeft(doomed)).toBe(5);

        deletes.length = 0;
        expect(await purgeUnregisteredUploads({ batchSize: 5 })).toBe(5);
        expect(sorted(deletes)).toEqual(sorted(doomed));
        expect(await rowsLeft(keys)).toBe(0);
        expect(await bytesLeft(keys)).toEqual([]);
      } finally {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
        await owner.end();
      }
    },
    90_000,
  );
});
