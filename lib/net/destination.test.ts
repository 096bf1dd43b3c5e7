import { describe, expect, it } from "vitest";
import {
  checkDestinationUrl,
  DestinationRefused,
  DestinationUnresolved,
  parseAllowNetworks,
  refusedAddress,
  resolveDestination,
  type Resolver,
} from "./destination.ts";

const NONE = parseAllowNetworks(undefined);

describe("webhook destinations (spec §6.2.5)", () => {
  it("admit public unicast addresses only", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])
      expect(refusedAddress(ip, NONE), ip).toBeNull();
    const refused = [
      "127.0.0.1", // loopback
      "127.255.0.9",
      "10.1.2.3", // RFC 1918
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254", // link-local: cloud metadata
      "100.64.0.1", // CGNAT
      "0.0.0.0", // this network
      "0.1.2.3",
      "224.0.0.1", // multicast
      "255.255.255.255", // broadcast
      "240.0.0.1", // reserved
      "192.0.2.10", // documentation
      "198.51.100.1",
      "203.0.113.5",
      "198.18.0.1", // benchmarking
      "::1",
      "::",
      "fe80::1", // link-local
      "fc00::1", // unique-local
      "fd00:ec2::254", // AWS metadata over IPv6
      "::ffff:127.0.0.1", // IPv4-mapped
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::7f00:1", // IPv4-compatible (deprecated) 127.0.0.1, which ipaddr.js calls unicast
      "::a9fe:a9fe",
      "::808:808", // even of a public IPv4 address: the form itself is refused
      "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
      "64:ff9b::a00:1", // NAT64 of 10.0.0.1
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:a9fe:a9fe::1", // 6to4 of 169.254.169.254
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo carrying 127.0.0.1
      "2001:db8::1", // documentation
      "ff02::1", // multicast
    ];
    for (const ip of refused) expect(refusedAddress(ip, NONE), ip).not.toBeNull();
  });

  it("see through every numeric spelling of an IPv4 address", () => {
    for (const url of [
      "http://2130706433/",
      "http://0x7f000001/",
      "http://0177.0.0.1/",
      "http://0x7f.0.0.1/",
      "http://127.1/",
      "http://127.0.1/",
      "http://0/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://[::1]:8080/",
      "http://017700000001/",
      "http://169.254.169.254/latest/meta-data/",
    ])
      expect(() => checkDestinationUrl(url, NONE), url).toThrow(DestinationRefused);
  });

  it("want http or https, a host, a port from 1 to 65535, and no user name or password", () => {
    for (const [url, message] of [
      ["ftp://example.com/", "http or https"],
      ["file:///etc/passwd", "http or https"],
      ["javascript:alert(1)", "http or https"],
      ["gopher://example.com/", "http or https"],
      ["https://user:pass@example.com/", "user name or password"],
      ["https://user@example.com/", "user name or password"],
      ["not a url", "valid absolute URL"],
      ["/relative", "valid absolute URL"],
      [`https://example.com/${"a".repeat(2100)}`, "longer than 2048"],
      ["http://metadata.google.internal/computeMetadata/v1/", "cloud metadata"],
      ["https://hooks.example.com:0/in", "port must be between 1 and 65535 (not 0)"],
      ["http://93.184.216.34:00/in", "port must be between 1 and 65535 (not 0)"],
      ["http://[2606:4700:4700::1111]:0/", "port must be between 1 and 65535 (not 0)"],
      ["https://hooks.example.com:65536/in", "valid absolute URL"],
      ["https://hooks.example.com:-1/in", "valid absolute URL"],
    ] as const)
      expect(() => checkDestinationUrl(url, NONE), url).toThrow(message);
    expect(checkDestinationUrl("https://hooks.example.com/in?x=1", NONE).hostname).toBe("hooks.example.com");
    for (const port of ["1", "8080", "65535"]) expect(checkDestinationUrl(`https://hooks.example.com:${port}/in`, NONE).port).toBe(port);
  });

  it("refuse a name when any of its addresses is not public, and keep the one address checked", async () => {
    const answers: Record<string, string[]> = {
      "public.test": ["93.184.216.34", "2606:4700::1"],
      "mixed.test": ["93.184.216.34", "10.0.0.7"],
      "loop.test": ["127.0.0.1"],
    };
    const resolve: Resolver = async (host) => (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    await expect(resolveDestination("https://public.test/h", resolve, NONE)).resolves.toMatchObject({
      address: "93.184.216.34",
      host: "public.test",
    });
    await expect(resolveDestination("https://mixed.test/h", resolve, NONE)).rejects.toThrow("mixed.test resolves to 10.0.0.7");
    await expect(resolveDestination("https://loop.test/h", resolve, NONE)).rejects.toThrow(DestinationRefused);
    await expect(resolveDestination("https://none.test/h", resolve, NONE)).rejects.toThrow("could not be resolved");
  });

  it("take localhost and names under it as the loopback (RFC 6761), without asking DNS", async () => {
    for (const url of ["http://localhost:3000/", "http://api.localhost/", "http://LOCALHOST./"])
      await expect(resolveDestination(url, undefined, NONE), url).rejects.toThrow(/resolves to 127\.0\.0\.1 is not a public address/);
    await expect(resolveDestination("http://localhost:3000/", undefined, parseAllowNetworks("127.0.0.1/32"))).resolves.toMatchObject({
      address: "127.0.0.1",
      host: "localhost",
    });
  });

  it("take names under invalid as never resolving (RFC 6761), without asking DNS", async () => {
    for (const url of ["https://receiver.invalid/crm", "https://hooks.crm.INVALID./in"]) {
      const refused = await resolveDestination(url, undefined, NONE).catch((err: unknown) => err);
      expect(refused, url).toBeInstanceOf(DestinationUnresolved);
      expect((refused as DestinationUnresolved).cause).toMatchObject({ code: "ENOTFOUND" });
    }
  });

  it("admit the operator's WEBHOOK_ALLOW_NETWORKS, and refuse a malformed entry", () => {
    const local = parseAllowNetworks(" 127.0.0.1/32 , fd00::/8");
    expect(refusedAddress("127.0.0.1", local)).toBeNull();
    expect(refusedAddress("::ffff:127.0.0.1", local)).toBeNull();
    expect(refusedAddress("fd00::5", local)).toBeNull();
    expect(refusedAddress("127.0.0.2", local)).not.toBeNull();
    expect(() => parseAllowNetworks("127.0.0.1")).toThrow("WEBHOOK_ALLOW_NETWORKS");
  });
});
