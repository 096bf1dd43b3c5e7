import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./app-error.ts";
import { isRateLimitedError, RateLimitedError } from "./rate-limited.ts";
import { toErrorBody } from "./to-response.ts";

/** A second copy of the modules, as another server bundle holds them (the query makes Vite load them anew). */
async function anotherBundle() {
  const errors = "./app-error.ts?another-bundle";
  const limited = "./rate-limited.ts?another-bundle";
  return {
    ...((await import(/* @vite-ignore */ errors)) as typeof import("./app-error.ts")),
    ...((await import(/* @vite-ignore */ limited)) as typeof import("./rate-limited.ts")),
  };
}

describe("AppError identity across bundles", () => {
  it("an AppError made by another copy of the class is recognised and mapped, not answered 500", async () => {
    const other = await anotherBundle();
    const err = new other.AppError("rate_limiter_unavailable", undefined, undefined, { retryAfter: 2 });
    expect(other.AppError).not.toBe(AppError); // the trap: instanceof would say no
    expect(isAppError(err)).toBe(true);
    const answer = toErrorBody(err, "req-1");
    expect(answer).toMatchObject({ status: 503, retryAfter: 2, body: { code: "rate_limiter_unavailable" } });
  });

  it("a RateLimitedError of another copy keeps its bucket", async () => {
    const other = await anotherBundle();
    const rateLimit = { allowed: false, limit: 10, remaining: 0, resetAt: 1, retryAfter: 3 };
    const err = new other.RateLimitedError(rateLimit);
    expect(isRateLimitedError(err)).toBe(true);
    expect(isRateLimitedError(new AppError("rate_limited"))).toBe(false);
    expect(isRateLimitedError(new RateLimitedError(rateLimit))).toBe(true);
    expect(toErrorBody(err, "req-2")).toMatchObject({ status: 429, retryAfter: 3 });
  });

  it("anything else is not an AppError", () => {
    for (const value of [
      new Error("x"),
      { code: "not_found", status: 404 },
      null,
      "not_found",
      Object.assign(new Error("y"), { code: "rate_limited" }),
    ])
      expect(isAppError(value)).toBe(false);
  });
});
