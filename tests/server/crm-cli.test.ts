/**
 * The `crm` command-line tool (packages/crm-cli), run as the real binary (node_modules/.bin/crm)
 * against the built app: `crm listen` forwards every event to a local receiver with the headers of
 * a webhook delivery, signed with the secret it prints, one line per event; with its connection
 * to the app cut 5 times while 600 events are written, none is lost and none is forwarded twice.
 * `crm events list` and `get` read the events API. Its signing is the app's, byte for byte.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryHeaders as appHeaders } from "@/lib/services/webhooks/sign.ts";
import { deliveryHeaders as cliHeaders } from "../../packages/crm-cli/src/sign.mts";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver.ts";

const CRM = path.join(process.cwd(), "node_modules", ".bin", "crm");

interface Run {
  proc: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function crm(args: string[], env: Record<string, string>): Run {
  const proc = spawn(CRM, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let partial = "";
  const take = (chunk: Buffer) => {
    partial += chunk.toString("utf8");
    const parts = partial.split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  };
  proc.stdout!.on("data", take);
  proc.stderr!.on("data", take);
  return { proc, lines, exited: new Promise((resolve) => proc.once("exit", resolve)) };
}

async function until(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

describe("crm's signing", () => {
  it("gives the headers the app's deliveries carry, for the same delivery", () => {
    const d = {
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      event: "record.created",
      deliveryId: "0190c0de-0000-7000-8000-000000000001",
      eventId: "0190c0de-0000-7000-8000-000000000002",
      sentAt: new Date("2026-11-30T01:02:03.456Z"),
      body: Buffer.from('{"event":"record.created","name":"Zoë 🚀"}', "utf8"),
    };
    expect(cliHeaders(d)).toEqual(appHeaders(d));
  });
});

describe.skipIf(!hasBuild())("crm against the built app", () => {
  const server = useAppServer();
  let key: string;
  let receiver: Receiver;
  let proxy: TcpProxy;

  beforeAll(async () => {
    key = server.demoApiKey();
    receiver = await startReceiver();
    proxy = await startTcpProxy({ host: "127.0.0.1", port: Number(new URL(server.url).port) });
  });
  afterAll(async () => {
    await receiver?.close();
    await proxy?.close();
  });

  async function bulk(names: string[]): Promise<string[]> {
    const res = await fetch(`${server.url}/api/v1/contact/bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ records: names.map((last_name) => ({ last_name })) }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: { id: string }[] }).results.map((r) => r.id);
  }

  it("listen forwards each event once, signed, through 5 cuts of its connection", async () => {
    const run = crm(["listen", "--forward-to", receiver.url, "--events", "record.*", "--url", proxy.via(server.url).replace(/\/$/, "")], {
      CRM_API_KEY: key,
    });
    try {
      await until("crm listen ready", 20_000, () => run.lines.some((l) => l.startsWith("Ready!")));
      const secret = /signing secret is (whsec_\S+)/.exec(run.lines.find((l) => l.startsWith("Ready!"))!)![1]!;
      const created: string[] = [];
      for (let cut = 0; cut < 5; cut++) {
        created.push(...(await bulk(Array.from({ length: 120 }, (_, i) => `Listen ${cut}-${i}`))));
        await sleep(150);
        proxy.cut();
        await sleep(300);
        proxy.restore();
      }
      await until("every event forwarded", 60_000, () => receiver.received.length >= created.length);
      await sleep(1_000);

      const ids = receiver.received.map((r) => r.headers["x-service-event-id"] as string);
      expect(new Set(ids).size).toBe(ids.length);
      const records = receiver.received.map((r) => (JSON.parse(r.body.toString("utf8")) as { recordId: string }).recordId);
      expect(new Set(records)).toEqual(new Set(created));
      expect(receiver.received).toHaveLength(created.length);
      for (const got of receiver.received.slice(0, 20)) {
        expect(got.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(got.body).digest("hex")}`);
        new Webhook(secret).verify(got.body.toString("utf8"), {
          "webhook-id": got.headers["webhook-id"] as string,
          "webhook-timestamp": got.headers["webhook-timestamp"] as string,
          "webhook-signature": got.headers["webhook-signature"] as string,
        });
        expect(got.headers["x-service-event"]).toBe("record.created");
      }
      const forwarded = run.lines.filter((l) => /^\S+Z {2}record\.created {2}[0-9a-f-]{36} {2}--> 200 {2}\d+ ms$/.test(l));
      expect(forwarded).toHaveLength(created.length);
      expect(run.lines.filter((l) => l.startsWith("Connection lost")).length).toBeGreaterThanOrEqual(1);
    } finally {
      run.proc.kill("SIGINT");
      await run.exited;
    }
  });

  it("events list, get and resend reach the events API", async () => {
    const [id] = await bulk(["Listed"]);
    await sleep(200);
    const list = crm(["events", "list", "--type", "record.created", "--limit", "5", "--url", server.url], { CRM_API_KEY: key });
    expect(await list.exited).toBe(0);
    const line = list.lines.find((l) => l.includes(`contact/${id}`));
    expect(line).toMatch(/record\.created {2}[0-9a-f-]{36} {2}contact\//);
    const eventId = line!.split("  ")[2]!;
    const get = crm(["events", "get", eventId, "--url", server.url], { CRM_API_KEY: key });
    expect(await get.exited).toBe(0);
    expect(JSON.parse(get.lines.join("\n"))).toMatchObject({ id: eventId, type: "record.created", recordId: id });
    const hook = await fetch(`${server.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://receiver.invalid/hook", events: ["approval.approved"] }),
    });
    const { id: webhookId } = (await hook.json()) as { id: string };
    const resend = crm(["events", "resend", eventId, "--to", webhookId, "--url", server.url], { CRM_API_KEY: key });
    expect(await resend.exited).toBe(0);
    expect(resend.lines.join("\n")).toMatch(new RegExp(`^Resent ${eventId} to webhook ${webhookId}: delivery [0-9a-f-]{36}$`, "m"));
    const refused = crm(["events", "list", "--url", server.url], { CRM_API_KEY: "crm_nonsense" });
    expect(await refused.exited).toBe(1);
    expect(refused.lines.join("\n")).toMatch(/^401/m);
  });
});
