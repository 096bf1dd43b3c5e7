import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isLoopbackAddress, withTripwirePreload } from "./net-tripwire.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "crm-tripwire-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a process started with the preload sees of each attempt: ok or the error code. */
const PROBES = `
import dns from "node:dns";
import http from "node:http";
const outcome = (p) => p.then(() => "ok", (e) => e.cause?.code ?? e.code);
const server = http.createServer((_req, res) => res.end("ok"));
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const { port } = server.address();
const pinned = (address) => (_h, o, cb) => (o.all ? cb(null, [{ address, family: 4 }]) : cb(null, address, 4));
const get = (options) => new Promise((resolve, reject) => http.get({ port, agent: false, ...options }, (res) => res.resume().on("end", resolve)).on("error", reject));
console.log(JSON.stringify({
  localhost: await outcome(fetch("http://localhost:" + port + "/")),
  loopbackAddress: await outcome(fetch("http://127.0.0.1:" + port + "/")),
  pinnedToLoopback: await outcome(get({ host: "receiver.test", lookup: pinned("127.0.0.1") })),
  publicName: await outcome(fetch("http://hooks.example.com/")),
  publicAddress: await outcome(fetch("http://192.0.2.7/")),
  pinnedToPublic: await outcome(get({ host: "receiver.test", lookup: pinned("192.0.2.7") })),
  lookup: await outcome(dns.promises.lookup("example.com")),
  resolve4: await outcome(new dns.promises.Resolver().resolve4("example.com")),
  resolveMx: await outcome(new Promise((ok, fail) => dns.resolveMx("example.com", (e) => (e ? fail(e) : ok())))),
}));
server.close();
`;

describe("the network tripwire", () => {
  it("lets a process reach the loopback and refuses, and logs, every lookup or connection beyond it", () => {
    const log = path.join(dir, "refused.log");
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", PROBES], {
      env: { ...process.env, NODE_OPTIONS: withTripwirePreload(undefined), NET_TRIPWIRE_LOG: log },
      encoding: "utf8",
    });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({
      localhost: "ok",
      loopbackAddress: "ok",
      pinnedToLoopback: "ok",
      publicName: "ENOTFOUND",
      publicAddress: "ECONNREFUSED",
      pinnedToPublic: "ECONNREFUSED",
      lookup: "ENOTFOUND",
      resolve4: "ENOTFOUND",
      resolveMx: "ENOTFOUND",
    });
    const refused = readFileSync(log, "utf8").trim().split("\n");
    expect(refused.map((line) => /^net-tripwire: (.*?), outside the loopback/.exec(line)?.[1])).toEqual([
      'dns.lookup("hooks.example.com")',
      "connection to 192.0.2.7",
      "connection to receiver.test at 192.0.2.7",
      'dns.lookup("example.com")',
      'dns.resolve4("example.com")',
      'dns.resolveMx("example.com")',
    ]);
    expect(child.stderr).toContain('net-tripwire: dns.lookup("hooks.example.com")');
  });

  it("takes 127.0.0.0/8 and ::1, in every spelling, as the loopback and nothing else", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::1]"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ["192.0.2.7", "10.0.0.1", "::", "::ffff:10.0.0.1", "fe80::1", "0.0.0.0", "localhost"])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});
