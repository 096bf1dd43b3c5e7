import type pg from "pg";
import { describe, expect, it } from "vitest";
import { mayPrepare, notePrepared } from "./opening-message.ts";

describe("statements prepared per connection", () => {
  it("are bounded: past 200 names a new one runs unnamed, the prepared ones stay usable", () => {
    const client = {} as pg.ClientBase;
    expect(mayPrepare(client, "s_first")).toBe(true);
    for (let i = 0; i < 200; i++) notePrepared(client, `s_${i}`);
    expect(mayPrepare(client, "s_new")).toBe(false);
    expect(mayPrepare(client, "s_7")).toBe(true);
    expect(mayPrepare({} as pg.ClientBase, "s_new")).toBe(true);
  });
});
