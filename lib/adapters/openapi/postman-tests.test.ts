import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stepTests } from "./postman-tests.ts";

interface Report {
  run: { executions: { response: { code: number }; assertions?: { assertion: string; error?: { message: string } }[] }[] };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "crm-postman-tests-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one request with the generated test script in newman against a local server; returns newman's report. */
async function runStep(script: string[], answers: { status: number; body: unknown }[]): Promise<{ report: Report; asked: number }> {
  let asked = 0;
  const server = http.createServer((_req, res) => {
    const answer = answers[Math.min(asked++, answers.length - 1)]!;
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/deliveries`;
  const collection = path.join(dir, "collection.json");
  const out = path.join(dir, "report.json");
  writeFileSync(
    collection,
    JSON.stringify({
      info: { name: "step", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [{ name: "List deliveries", event: [{ listen: "test", script: { exec: script } }], request: { method: "GET", url } }],
    }),
  );
  const proc = spawn(process.execPath, [
    path.join("node_modules", ".bin", "newman"),
    "run",
    collection,
    "--reporters",
    "json",
    "--reporter-json-export",
    out,
  ]);
  await new Promise((resolve) => proc.on("exit", resolve));
  await new Promise((resolve) => server.close(resolve));
  return { report: JSON.parse(readFileSync(out, "utf8")) as Report, asked };
}

const schema = { type: "object", properties: { data: { type: "array" } }, required: ["data"] };
const failures = (r: Report) => r.run.executions.flatMap((e) => (e.assertions ?? []).filter((a) => a.error).map((a) => a.assertion));

describe("the generated test scripts, in newman", () => {
  it("repeat a request until background work shows, then test it and save the id", async () => {
    const step = { operation: "webhooks.deliveries", until: "body.data.length > 0", save: { deliveryId: "body.data[0].id" } };
    const empty = { status: 200, body: { data: [] } };
    const { report, asked } = await runStep(stepTests(step, 200, schema), [empty, empty, { status: 200, body: { data: [{ id: "d1" }] } }]);
    expect(asked).toBe(3);
    expect(failures(report)).toEqual([]);
    expect(report.run.executions.at(-1)!.assertions!.map((a) => a.assertion)).toEqual([
      "Status is 200",
      "Body matches the response schema",
      "Saves deliveryId",
    ]);
  }, 30_000);

  it("fail on another status, a body off its schema, or an id missing from the answer", async () => {
    const step = { operation: "records.create", save: { recordId: "body.id" } };
    const wrongStatus = await runStep(stepTests(step, 201, schema), [{ status: 400, body: { error: "bad" } }]);
    expect(failures(wrongStatus.report)).toEqual(["Status is 201", "Body matches the response schema", "Saves recordId"]);
    const noId = await runStep(stepTests(step, 201, schema), [{ status: 201, body: { data: [] } }]);
    expect(failures(noId.report)).toEqual(["Saves recordId"]);
  }, 30_000);
});
