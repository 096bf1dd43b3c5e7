/**
 * Attachments on PostgreSQL, side by side in one run (issue 15's targets), with the built server
 * (`npm run build` first) started twice on one database: once on the local store (DATA_DIR), once
 * on S3 (s3rver behind a Signature V4 check, tests/helpers/s3-server.ts):
 *   1. GET /attachments/{id} (metadata and a freshly signed download link): p95 at most 1.3x the
 *      p95 of GET /{object}/{id}, on each store, latencies taken in turns;
 *   2. upload throughput: step 1 (upload-url), step 2 (PUT of 1 MiB to the signed URL) and step 3
 *      (register), several uploads at once, local store and S3 in alternating rounds.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:attachments
 *
 * BENCH_SAMPLES (default 300), BENCH_UPLOADS (per store and round, default 40), BENCH_PORT.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase, setDatabase } from "../lib/db/client.ts";
import { provisionTenant } from "../lib/services/tenants/provision-tenant.ts";
import { startS3Server } from "../tests/helpers/s3-server.ts";
import { interleavedLatencies, runBench, type Percentiles } from "./bench-kit.ts";
import { benchAdminKey, startBenchServer, stopBenchServer, throwawayDatabase } from "./bench-server.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const ROUNDS = 3;
const CONCURRENCY = 4;
const PORT = Number(process.env.BENCH_PORT ?? 3216);
const FILE = randomBytes(1024 * 1024);

interface Client {
  name: string;
  base: string;
  send(method: string, path: string, body?: unknown): Promise<Response>;
}

function client(name: string, port: number, key: string): Client {
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    base,
    send: (method, p, body) =>
      fetch(`${base}/api/v1${p}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

async function json<T>(res: Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`${r.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The three steps with 1 MiB of bytes. */
async function upload(c: Client, recordId: string, i: number): Promise<string> {
  const meta = {
    recordId,
    objectApiName: "contact",
    fileName: `file-${i}.bin`,
    contentType: "application/octet-stream",
    size: FILE.length,
  };
  const ticket = await json<{ uploadUrl: string; headers: Record<string, string>; storageKey: string }>(
    c.send("POST", "/attachments/upload-url", meta),
    200,
  );
  // The local store's URL names the public origin (localhost:PORT); the bench reaches it on loopback.
  const put = await fetch(ticket.uploadUrl.replace(/^http:\/\/localhost:\d+/, c.base), {
    method: "PUT",
    headers: ticket.headers,
    body: new Uint8Array(FILE),
  });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${(await put.text()).slice(0, 200)}`);
  return (await json<{ id: string }>(c.send("POST", "/attachments", { ...meta, storageKey: ticket.storageKey }), 201)).id;
}

/** Uploads per second with CONCURRENCY at once. */
async function throughput(c: Client, recordId: string, round: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < UPLOADS) await upload(c, recordId, round * UPLOADS + next++);
    }),
  );
  return UPLOADS / ((performance.now() - started) / 1000);
}

async function main() {
  const database = await throwawayDatabase("crm_bench_attachments");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "crm-bench-files-"));
  const s3 = await startS3Server();
  const servers: ChildProcess[] = [];
  try {
    const db = openDatabase({ engine: "postgres", ownerUrl: database.url });
    setDatabase(db);
    const { tenantId, roles } = await provisionTenant({ name: "Bench", slug: `bench-${randomBytes(4).toString("hex")}` });
    const key = await benchAdminKey(tenantId, roles.admin!);
    await (await db).close();
    servers.push(await startBenchServer(database.url, PORT, { DATA_DIR: dataDir, PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}` }));
    const c = s3.config;
    const s3Env = {
      S3_BUCKET: c.bucket,
      S3_ENDPOINT: c.endpoint!,
      S3_REGION: c.region,
      S3_ACCESS_KEY_ID: c.accessKeyId!,
      S3_SECRET_ACCESS_KEY: c.secretAccessKey!,
      S3_FORCE_PATH_STYLE: "true",
    };
    servers.push(await startBenchServer(database.url, PORT + 1, { ...s3Env, DATA_DIR: dataDir }));
    const local = client("local store", PORT, key);
    const remote = client("S3 (s3rver)", PORT + 1, key);

    const contact = await json<{ id: string }>(local.send("POST", "/contact", { first_name: "Bench", last_name: "Files" }), 201);
    const localId = await upload(local, contact.id, -1);
    const s3Id = await upload(remote, contact.id, -2);

    const getRecord = (c: Client) => () => c.send("GET", `/contact/${contact.id}`);
    const getFile = (c: Client, id: string) => () => c.send("GET", `/attachments/${id}`);
    const sends = [getRecord(local), getFile(local, localId), getRecord(remote), getFile(remote, s3Id)];
    await interleavedLatencies(50, sends);
    const first = await interleavedLatencies(SAMPLES / 2, sends);
    const second = await interleavedLatencies(SAMPLES / 2, [...sends].reverse());
    second.reverse();
    const avg = (k: number): Percentiles => ({ p50: (first[k]!.p50 + second[k]!.p50) / 2, p95: (first[k]!.p95 + second[k]!.p95) / 2 });
    const [recLocal, fileLocal, recS3, fileS3] = [avg(0), avg(1), avg(2), avg(3)];

    const rates: Record<string, number[]> = { local: [], s3: [] };
    await throughput(local, contact.id, 100);
    await throughput(remote, contact.id, 101);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["local", "s3"] as const) : (["s3", "local"] as const);
      for (const which of order)
        rates[which]!.push(await throughput(which === "local" ? local : remote, contact.id, round * 2 + (which === "s3" ? 1 : 0)));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms`;
    console.log(`\nAttachments (PostgreSQL, one instance per store, ${SAMPLES} samples each, taken in turns)`);
    console.log("| case | result | ratio | target |\n|---|---|---|---|");
    console.log(`| GET /contact/{id} (local-store instance) | ${ms(recLocal)} | | |`);
    console.log(
      `| GET /attachments/{id}, local store (HMAC link) | ${ms(fileLocal)} | ${(fileLocal.p95 / recLocal.p95).toFixed(2)}x | p95 <= 1.3x |`,
    );
    console.log(`| GET /contact/{id} (S3 instance) | ${ms(recS3)} | | |`);
    console.log(`| GET /attachments/{id}, S3 (presigned GET) | ${ms(fileS3)} | ${(fileS3.p95 / recS3.p95).toFixed(2)}x | p95 <= 1.3x |`);
    const l = mean(rates.local!);
    const s = mean(rates.s3!);
    console.log(
      `| upload-url + PUT 1 MiB + register, ${CONCURRENCY} at once, local store | ${l.toFixed(1)} uploads/s (${l.toFixed(1)} MiB/s) | | |`,
    );
    console.log(`| the same on S3 (s3rver) | ${s.toFixed(1)} uploads/s (${s.toFixed(1)} MiB/s) | ${(s / l).toFixed(2)}x local | |`);
  } finally {
    for (const server of servers) await stopBenchServer(server);
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

runBench(main);
