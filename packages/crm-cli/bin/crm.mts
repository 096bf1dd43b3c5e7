#!/usr/bin/env node
// The CRM's command-line tool. Runs on Node 24 (TypeScript types stripped): `npx crm …` from a clone after `npm install`.
import { parseArgs } from "node:util";
import { getEvent, listEvents, resendEvent } from "../src/events.mts";
import { writeFile } from "node:fs/promises";
import { listen, ListenRefused } from "../src/listen.mts";
import { tenantTypes } from "../src/types.mts";

const USAGE = `Usage:
  crm listen --forward-to <url> [--events record.created,flow.*] [--api-key <key>] [--url <app origin>]
  crm events list [--type <type>]... [--limit <n>] [--after <cursor|event id|start>]
  crm events get <id>
  crm events resend <id> --to <webhook id>
  crm types [--out crm-types.ts]   TypeScript types of your company's API (its objects and fields), for crm-sdk

Credentials: --api-key or CRM_API_KEY; the app: --url or CRM_URL (default http://localhost:3000).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "forward-to": { type: "string" },
    events: { type: "string" },
    "api-key": { type: "string" },
    url: { type: "string" },
    type: { type: "string", multiple: true },
    limit: { type: "string" },
    after: { type: "string" },
    to: { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || !positionals.length) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const apiKey = values["api-key"] ?? process.env.CRM_API_KEY;
const url = values.url ?? process.env.CRM_URL ?? "http://localhost:3000";
if (!apiKey) fail("Give an API key with --api-key or CRM_API_KEY.");
const print = (line: string) => void process.stdout.write(`${line}\n`);
const api = { url, apiKey };

try {
  const [command, sub, arg] = positionals;
  if (command === "listen") {
    const forwardTo = values["forward-to"] ?? fail("crm listen needs --forward-to <url>.");
    const stop = new AbortController();
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => stop.abort());
    const events = (values.events ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    await listen({ url, apiKey, forwardTo, events, print, signal: stop.signal });
  } else if (command === "events" && sub === "list") {
    await listEvents(api, { types: values.type ?? [], limit: values.limit, after: values.after }, print);
  } else if (command === "events" && sub === "get" && arg) {
    await getEvent(api, arg, print);
  } else if (command === "events" && sub === "resend" && arg) {
    await resendEvent(api, arg, values.to ?? fail("crm events resend needs --to <webhook id>."), print);
  } else if (command === "types") {
    const out = values.out ?? "crm-types.ts";
    await writeFile(out, await tenantTypes(api));
    print(`Wrote ${out}: use it as createCrmClient<paths>({ url, apiKey }) with crm-sdk.`);
  } else {
    fail(`Unknown command: ${positionals.join(" ")}`);
  }
} catch (err) {
  process.stderr.write(`${err instanceof ListenRefused || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
