/**
 * The guards' completeness check itself: an operation added to the registry without a guard
 * entry, or an entry left behind by a removed one, fails with a message naming it.
 */
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/operations/define.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { expectEntryPerOperation } from "../../helpers/registry.ts";

describe("expectEntryPerOperation", () => {
  const known = HTTP_OPERATIONS[0]!;
  const added: Operation = { ...known, name: "widgets.frobnicate" };

  it("passes when the table names exactly the operations", () => {
    expect(() => expectEntryPerOperation({ [known.name]: {} }, [known], "a guard")).not.toThrow();
  });

  it("names every operation without an entry and every entry without an operation", () => {
    expect(() => expectEntryPerOperation({ [known.name]: {}, "widgets.retired": {} }, [known, added], "a guard")).toThrow(
      "each operation needs a guard: missing widgets.frobnicate; extra widgets.retired",
    );
  });
});
