import { describe, expect, it } from "vitest";
import { inboundSecretProblem, MIN_INBOUND_SECRET } from "./mail-config.ts";

describe("EMAIL_INBOUND_SECRET at start-up", () => {
  it("set shorter than the minimum: a message naming the variable and the minimum, never the secret", () => {
    const problem = inboundSecretProblem({ EMAIL_INBOUND_SECRET: "hunter2-but-longer" });
    expect(problem).toContain("EMAIL_INBOUND_SECRET");
    expect(problem).toContain(`at least ${MIN_INBOUND_SECRET} characters`);
    expect(problem).not.toContain("hunter2");
    // Surrounding blanks do not count.
    expect(inboundSecretProblem({ EMAIL_INBOUND_SECRET: ` ${"s".repeat(MIN_INBOUND_SECRET - 1)} ` })).toContain("(it has 31)");
  });

  it("unset, empty or long enough: nothing to refuse (unset uses the secret derived from AUTH_SECRET)", () => {
    for (const value of [undefined, "", "   ", "s".repeat(MIN_INBOUND_SECRET), "s".repeat(200)])
      expect(inboundSecretProblem({ EMAIL_INBOUND_SECRET: value })).toBeUndefined();
  });
});
