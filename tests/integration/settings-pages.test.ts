import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS_PAGES, settingsPagesFor } from "@/components/shell/settings-pages.ts";

const SETTINGS_DIR = path.join(process.cwd(), "app", "(settings)", "settings");

describe("settings pages", () => {
  it("every page under app/(settings)/settings is listed once (the sidebar and the overview's cards come from the list)", () => {
    const pages = readdirSync(SETTINGS_DIR)
      .filter((name) => statSync(path.join(SETTINGS_DIR, name)).isDirectory())
      .map((name) => `/settings/${name}`)
      .sort();
    expect(SETTINGS_PAGES.map((p) => p.href).sort()).toEqual(pages);
  });

  it("members get the pages that are not admins' tools", () => {
    expect(settingsPagesFor(false).map((p) => p.label)).toEqual([
      "API keys",
      "Objects & fields",
      "Roles",
      "Inventory",
      "Apps",
      "Your account",
    ]);
    expect(settingsPagesFor(true)).toHaveLength(SETTINGS_PAGES.length);
  });
});
