import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demoApiKey, loginFresh } from "./fixtures.ts";

/**
 * A desktop MCP host without remote HTTP support runs `mcp-remote` as a stdio server: the bridge
 * command the README and the API-keys page hand out. Taken from the page and driven here exactly
 * that way, against the running app: initialize, list the tools, call get_record. Then the same
 * bridge with no key at all, as the README's OAuth line runs it: it registers itself, prints the
 * authorization URL (no desktop browser here), the signed-in user approves it in Chromium, and the
 * bridge receives the code on its loopback callback.
 */
type Message = { id?: number; result?: Record<string, unknown>; error?: unknown };

function bridge(
  url: string,
  args: string[],
): { child: ChildProcessWithoutNullStreams; stderr(): string; send(m: object): void; reply(id: number): Promise<Message> } {
  const child = spawn(process.execPath, ["node_modules/mcp-remote/dist/proxy.js", url, ...args, "--transport", "http-only"], {
    // mcp-remote keeps OAuth state under ~/.mcp-auth: a throwaway home keeps the test hermetic.
    // No display and no browser opener: the bridge prints the URL instead of opening it.
    env: { ...process.env, HOME: mkdtempSync(path.join(os.tmpdir(), "mcp-remote-")), DISPLAY: "", BROWSER: "false" },
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const waiting = new Map<number, (m: Message) => void>();
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    let nl: number;
    while ((nl = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (!line.startsWith("{")) continue;
      const message = JSON.parse(line) as Message;
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  return {
    child,
    stderr: () => errors,
    send: (m) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...m })}\n`),
    reply: (id) => new Promise((resolve) => waiting.set(id, resolve)),
  };
}

test("the API keys page's bridge command connects a stdio host to /api/mcp: tools/list and get_record", async ({
  page,
  request,
  baseURL,
}) => {
  await loginFresh(page);
  await page.goto("/settings/api-keys");
  const panel = page.getByRole("region", { name: "Connect an AI agent" });
  await expect(panel.getByTestId("mcp-url")).toHaveText(`${baseURL}/api/mcp`);
  const command = (await panel.getByTestId("mcp-bridge-command").textContent())!;
  const match = /^npx mcp-remote (\S+) --header "Authorization: Bearer \$\{KEY\}"$/.exec(command);
  expect(match, command).not.toBeNull();

  const apiKey = demoApiKey();
  const created = await request.post(`${baseURL}/api/v1/contact`, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { last_name: "Bridged" },
  });
  expect(created.status()).toBe(201);
  const contact = (await created.json()) as { id: string };

  const b = bridge(match![1]!, ["--header", `Authorization:Bearer ${apiKey}`]);
  try {
    const init = b.reply(1);
    b.send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "stdio-host", version: "1.0.0" } },
    });
    expect((await init).result).toMatchObject({ serverInfo: { name: "crm" } });
    b.send({ method: "notifications/initialized" });

    const list = b.reply(2);
    b.send({ id: 2, method: "tools/list", params: {} });
    const tools = ((await list).result!.tools as { name: string }[]).map((t) => t.name);
    expect(tools).toContain("get_record");
    expect(tools).toHaveLength(27);

    const call = b.reply(3);
    b.send({ id: 3, method: "tools/call", params: { name: "get_record", arguments: { object: "contact", id: contact.id } } });
    const result = (await call).result as { isError?: boolean; structuredContent: Record<string, unknown> };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: contact.id, last_name: "Bridged" });
  } finally {
    b.child.kill();
  }
});

test("mcp-remote with no key connects by OAuth: it registers, the user approves in the browser, then tools/list and get_record", async ({
  page,
  request,
  baseURL,
}) => {
  await loginFresh(page);
  const created = await request.post(`${baseURL}/api/v1/contact`, {
    headers: { authorization: `Bearer ${demoApiKey()}` },
    data: { last_name: "Unaided" },
  });
  const contact = (await created.json()) as { id: string };

  const b = bridge(`${baseURL}/api/mcp`, []);
  try {
    const init = b.reply(1);
    b.send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "stdio-host", version: "1.0.0" } },
    });
    await expect.poll(() => /Please authorize this client by visiting:\s*(\S+)/.exec(b.stderr())?.[1], { timeout: 30_000 }).toBeTruthy();
    const authorizationUrl = /Please authorize this client by visiting:\s*(\S+)/.exec(b.stderr())![1]!;
    expect(authorizationUrl.startsWith(`${baseURL}/api/oauth/authorize?`)).toBe(true);

    await page.goto(authorizationUrl);
    await expect(page.getByTestId("unverified")).toBeVisible();
    await expect(page.getByRole("heading", { name: /wants access to your CRM/ })).toBeVisible();
    await expect(page.getByTestId("redirect-host")).toContainText("localhost:");
    // Only record, activity, object and event scopes are offered, whatever the bridge asked for.
    const offered = await page.locator('input[name="grant"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => /^(records|activities|objects|events):/.test(s))).toBe(true);
    // Nobody reviewed this agent: reading starts ticked, changing and deleting start unticked.
    const ticked = await page
      .locator('input[name="grant"]')
      .evaluateAll((inputs) => inputs.filter((i) => (i as HTMLInputElement).checked).map((i) => (i as HTMLInputElement).value));
    expect(offered.filter((s) => /:read(:|$)/.test(s)).sort()).toEqual([...ticked].sort());
    expect(offered.some((s) => /:(write|delete)(:|$)/.test(s))).toBe(true);
    await expect(page.getByTestId("unticked-note")).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    // The browser lands on the bridge's own loopback callback page.
    await page.waitForURL(/^http:\/\/localhost:\d+\/oauth\/callback\?/);

    expect((await init).result).toMatchObject({ serverInfo: { name: "crm" } });
    b.send({ method: "notifications/initialized" });
    const list = b.reply(2);
    b.send({ id: 2, method: "tools/list", params: {} });
    expect(((await list).result!.tools as { name: string }[]).map((t) => t.name)).toHaveLength(27);
    const call = b.reply(3);
    b.send({ id: 3, method: "tools/call", params: { name: "get_record", arguments: { object: "contact", id: contact.id } } });
    const result = (await call).result as { isError?: boolean; structuredContent: Record<string, unknown> };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: contact.id, last_name: "Unaided" });

    // Settings → Apps lists the connection for the person who approved it, marked unverified.
    await page.goto("/settings/apps");
    const agents = page.getByRole("table", { name: "Connected agents" });
    await expect(agents.getByRole("row").filter({ hasText: "unverified" })).toHaveCount(1);
  } finally {
    b.child.kill();
  }
});
