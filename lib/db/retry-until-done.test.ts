import { describe, expect, it } from "vitest";
import { reasonOf, retryDelay, retryUntilDone } from "./retry-until-done.ts";

describe("retryUntilDone", () => {
  it("waits 0.5 s, then twice as long each time, at most 5 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]);
  });

  it("retries until the work succeeds, one log line per failed attempt with its reason", async () => {
    const lines: string[] = [];
    const waits: number[] = [];
    const failures: number[] = [];
    let calls = 0;
    const result = await retryUntilDone(
      "database start-up",
      async () => {
        calls++;
        if (calls < 4)
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap"), { code: "ECONNREFUSED" });
        return "open";
      },
      { log: (l) => lines.push(l), wait: async (ms) => void waits.push(ms), onFailure: (n) => failures.push(n) },
    );
    expect(result).toBe("open");
    expect(waits).toEqual([500, 1_000, 2_000]);
    expect(failures).toEqual([1, 2, 3]);
    expect(lines).toEqual([
      "database start-up attempt 1 failed (connect ECONNREFUSED 127.0.0.1:5432 at TCPConnectWrap); retrying in 0.5 s",
      "database start-up attempt 2 failed (connect ECONNREFUSED 127.0.0.1:5432 at TCPConnectWrap); retrying in 1.0 s",
      "database start-up attempt 3 failed (connect ECONNREFUSED 127.0.0.1:5432 at TCPConnectWrap); retrying in 2.0 s",
    ]);
  });

  it("names errors that carry no message by their first inner error or code", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(reasonOf(new AggregateError([refused], ""))).toBe("connect ECONNREFUSED ::1:5432");
    expect(reasonOf(Object.assign(new Error(""), { code: "ECONNRESET" }))).toBe("ECONNRESET");
    expect(reasonOf("plain")).toBe("plain");
  });
});
