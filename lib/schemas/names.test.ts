import { describe, expect, it } from "vitest";
import { fieldApiNameSchema, objectApiNameSchema, ownValue, unsafeKeyPath } from "./names.ts";

describe("names that are also keys of Object.prototype", () => {
  it("ownValue reads own properties only", () => {
    const values: Record<string, unknown> = JSON.parse('{"name":"A"}');
    expect(ownValue(values, "constructor")).toBeUndefined();
    expect(ownValue(values, "toString")).toBeUndefined();
    expect(ownValue(JSON.parse('{"constructor":"B"}') as Record<string, unknown>, "constructor")).toBe("B");
  });

  it("__proto__ is a reserved name; constructor a valid one", () => {
    for (const schema of [objectApiNameSchema, fieldApiNameSchema]) {
      expect(schema.safeParse("constructor").success).toBe(true);
      expect(schema.safeParse("__proto__").error?.issues.map((i) => i.message)).toEqual(["is a reserved name"]);
    }
  });

  it("unsafeKeyPath finds a __proto__ key at any depth, without recursion", () => {
    expect(unsafeKeyPath(JSON.parse('{"a":[{"b":1},{"__proto__":{}}]}'))).toEqual(["a", 1, "__proto__"]);
    expect(unsafeKeyPath(JSON.parse('{"a":{"constructor":1,"toString":2}}'))).toBeNull();
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${"[".repeat(depth)}{"__proto__":1}${"]".repeat(depth)}`);
    expect(unsafeKeyPath(deep)).toHaveLength(depth + 1);
    expect(unsafeKeyPath(JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`))).toBeNull();
  });
});
