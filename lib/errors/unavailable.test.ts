import { describe, expect, it } from "vitest";
import { toErrorBody } from "./to-response.ts";
import { DatabaseNotReadyError, isDependencyUnavailable } from "./unavailable.ts";

describe("database not ready", () => {
  it("answers 503 service_unavailable with Retry-After", () => {
    const err = new DatabaseNotReadyError("start-up attempt 2 failed (connect ECONNREFUSED 127.0.0.1:5432)");
    expect(isDependencyUnavailable(err)).toBe(true);
    const answer = toErrorBody(err, "req-1");
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe("service_unavailable");
    expect(answer.retryAfter).toBeGreaterThan(0);
  });

  it("is recognised by its code, as a copy of the class from another server bundle would be", () => {
    expect(isDependencyUnavailable(Object.assign(new Error("x"), { code: "database_not_ready" }))).toBe(true);
  });
});
