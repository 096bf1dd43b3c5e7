import { describe, expect, it } from "vitest";
import { isUuid } from "@/lib/ids/uuid.ts";
import { uuidV7, uuidV7Sequence } from "./uuid-v7.ts";

describe("uuidV7", () => {
  it("has version 7, the RFC 9562 variant and the time in its first 48 bits", () => {
    const id = uuidV7(Date.UTC(2026, 10, 22, 12, 0, 0, 123));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuid(id)).toBe(true);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 22, 12, 0, 0, 123));
  });

  it("sorts by creation time and does not repeat", () => {
    const ids = [uuidV7(1000), uuidV7(2000), uuidV7(3000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => uuidV7())).size).toBe(10_000);
  });

  it("follows the order of creation within one millisecond, past the counter's 4096 too", () => {
    const now = Date.now() + 5_000;
    const ids = Array.from({ length: 10_000 }, () => uuidV7(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("keeps one clock's order within a millisecond while another clock, over a second ahead, takes ids too", () => {
    // The app's clock frozen in one millisecond (a fast script), the database's running ahead of it.
    const app = uuidV7Sequence();
    const database = uuidV7Sequence();
    const t = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(app(t));
      database(t + 5_000 + i);
    }
    expect([...ids].sort()).toEqual(ids);
  });
});
