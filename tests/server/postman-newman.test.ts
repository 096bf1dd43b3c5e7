/**
 * The Postman collection as an integrator runs it: newman (Postman's command-line runner) fetches
 * it from a freshly started instance and runs it there with the demo API key, top to bottom. Every
 * request must pass its own tests (status, body against the response schema, the ids it saves),
 * and every operation of the API must be among them. A second run on the same instance passes too:
 * nothing in the collection collides with what an earlier run (or the demo data) left. The
 * webhook's receiver ({{webhookUrl}}) is one on the loopback, which the server is allowed to send
 * to; the second run keeps the collection's default, which reaches nothing. CI runs it on both
 * engines, as part of `npm test`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { postmanCollection } from "@/lib/adapters/openapi/postman-collection.ts";
import { useAppServer } from "../helpers/app-server.ts";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.ts";

interface Execution {
  item: { name: string };
  requestError?: { message: string };
  response?: { code: number };
  assertions?: { assertion: string; error?: { message: string } }[];
}
interface Report {
  run: { stats: { requests: { total: number }; assertions: { total: number; failed: number } }; executions: Execution[] };
}

const collection = postmanCollection(openApiDocument());
const items = collection.item.flatMap((folder) => folder.item);
const requestNames = items.map((item) => item.name);
/** The requests that ask again while background work runs (postman-tests.ts, `until`): on a slow machine they run more than once. */
const polling = new Set(
  items
    .filter((item) => item.event.some((e) => e.script.exec.some((line) => line.includes("Background work: ask again"))))
    .map((item) => item.name),
);
/** The executions a run kept: a 429 was waited out and its request sent again (postman-tests.ts, waitOnRateLimit). */
const answered = (report: Report) => report.run.executions.filter((e) => e.response?.code !== 429);
const dir = mkdtempSync(path.join(os.tmpdir(), "crm-newman-"));

async function newman(
  url: string,
  vars: Record<string, string>,
  run: number,
  folders: string[] = [],
): Promise<{ report: Report; output: string }> {
  const out = path.join(dir, `run-${run}.json`);
  const args = [
    "run",
    `${url}/api/v1/postman-collection.json`,
    ...Object.entries(vars).flatMap(([name, value]) => ["--env-var", `${name}=${value}`]),
    ...folders.flatMap((f) => ["--folder", f]),
  ];
  const newman = path.join("node_modules", ".bin", "newman");
  const proc = spawn(process.execPath, [newman, ...args, "--reporters", "cli,json", "--reporter-json-export", out]);
  let output = "";
  proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
  await new Promise((resolve) => proc.on("exit", resolve));
  return { report: JSON.parse(readFileSync(out, "utf8")) as Report, output };
}

const failuresOf = (report: Report) =>
  report.run.executions.flatMap((e) => [
    ...(e.requestError ? [`${e.item.name}: ${e.requestError.message}`] : []),
    ...(e.assertions ?? []).filter((a) => a.error).map((a) => `${e.item.name} (${e.response?.code}): ${a.assertion}: ${a.error!.message}`),
  ]);

describe("the Postman collection in newman, against a fresh instance", () => {
  const server = useAppServer({ env: { WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32" } });
  let receiver: Receiver;
  let first: Report;

  beforeAll(async () => {
    receiver = await startReceiver();
    const { report, output } = await newman(server.url, { apiKey: server.demoApiKey(), webhookUrl: receiver.url }, 1);
    first = report;
    if (failuresOf(report).length) console.log(output);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("covers every operation of the API, each request once in the run at least", () => {
    const operations = Object.values(openApiDocument().paths).flatMap((methods) => Object.keys(methods));
    expect(requestNames.length).toBeGreaterThanOrEqual(operations.length);
    expect(new Set(requestNames).size, "request names are unique").toBe(requestNames.length);
    const ran = answered(first).map((e) => e.item.name);
    expect(new Set(ran)).toEqual(new Set(requestNames));
    expect(
      ran.filter((name, i) => ran.indexOf(name) !== i && !polling.has(name)),
      "requests that ran twice without polling",
    ).toEqual([]);
    expect(polling.size, "the webhook's delivery log is polled").toBeGreaterThan(0);
  });

  it.each(requestNames)("%s: status, shape and saved ids pass", (name) => {
    const runs = answered(first).filter((e) => e.item.name === name);
    expect(runs.length, `${name} ran`).toBeGreaterThan(0);
    const last = runs.at(-1)!;
    expect(last.requestError?.message).toBeUndefined();
    expect(last.assertions?.length ?? 0, "tests ran").toBeGreaterThan(0);
    expect(failuresOf({ run: { ...first.run, executions: [last] } })).toEqual([]);
  });

  it("sends {{webhookUrl}} the test event, then the webhook's record.created, delivered, redelivered and resent", async () => {
    const received = await receiver.waitFor(4);
    const bodies = received.map((r) => JSON.parse(r.body.toString()) as { event: string; data: { first_name?: string } });
    expect(bodies.map((b) => `${b.event} ${b.data.first_name ?? ""}`.trim())).toEqual([
      "webhook.test",
      "record.created Wes",
      "record.created Wes",
      "record.created Wes",
    ]);
    for (const again of received.slice(2)) expect(again.headers["x-service-event-id"]).toBe(received[1]!.headers["x-service-event-id"]);
  });

  // Right after the first, with the key's bucket spent: this run meets 429s and must wait them out as
  // Retry-After says. It keeps the default {{webhookUrl}}.
  it("runs green a second time at once on the same instance, waiting out the rate limit's 429s", async () => {
    // However long the first run took, the second starts with the key's bucket spent.
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${server.url}/api/v1/objects`, { headers: { authorization: `Bearer ${server.demoApiKey()}` } });
      await res.body?.cancel();
      if (res.status === 429) break;
    }
    const { report, output } = await newman(server.url, { apiKey: server.demoApiKey() }, 2);
    expect(failuresOf(report), output.slice(-3000)).toEqual([]);
    expect(report.run.stats.assertions.failed).toBe(0);
    expect(
      report.run.executions.some((e) => e.response?.code === 429),
      "the run met the rate limit",
    ).toBe(true);
    expect(new Set(answered(report).map((e) => e.item.name))).toEqual(new Set(requestNames));
  }, 240_000);

  // A run where a step fails (the file upload cannot reach its URL, so registering it fails too):
  // the cleanup folder still removes what the run made, and skips what it never made.
  it("removes everything it made even when a step fails, and the runs before left nothing behind", async () => {
    const folders = ["records", "attachments", "cleanup"];
    const { report } = await newman(server.url, { apiKey: server.demoApiKey(), uploadUrl: "http://127.0.0.1:9/unreachable" }, 3, folders);
    const upload = report.run.executions.find((e) => e.item.name === "Upload the file's bytes to the upload URL")!;
    expect(upload.requestError ?? upload.assertions?.find((a) => a.error), "the upload failed").toBeTruthy();
    const cleanup = answered(report).filter((e) => e.item.name.startsWith("Clean up:"));
    expect(cleanup.length).toBeGreaterThan(0);
    expect(failuresOf({ run: { ...report.run, executions: cleanup } })).toEqual([]);

    const get = async (path: string) =>
      (await (await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${server.demoApiKey()}` } })).json()) as {
        total: number;
        data: { apiName: string }[];
      };
    for (const object of ["contact", "lead", "opportunity", "product", "project"])
      expect((await get(`/${object}?search=Postman`)).total, `live ${object} records named Postman`).toBe(0);
    expect((await get("/objects")).data.filter((o) => o.apiName.startsWith("postman_"))).toEqual([]);
    expect(((await get("/webhooks")) as unknown as { data: unknown[] }).data).toEqual([]);
  }, 240_000);
});
