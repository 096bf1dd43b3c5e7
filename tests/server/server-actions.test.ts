/**
 * Server actions on the built app (issue 33 items 6, 11 and 12): only our own pages may call them
 * (Origin checked against PUBLIC_BASE_URL), and whatever a client sends instead of what Next's
 * client sends — malformed payloads, unknown action ids, wrong content types, arguments of the
 * wrong shape — is a JSON 400 before any action code runs, never a 5xx. The action ids are read
 * from the build (the test may; the app does not).
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasBuild, useAppServer } from "../helpers/app-server.ts";
import type { Cookies } from "../helpers/cookies.ts";
import { SERVER_ADMIN, signIn } from "../helpers/sign-in.ts";
import { Fuzz } from "../helpers/fuzz.ts";

const { email: ADMIN, password: PASSWORD } = SERVER_ADMIN;
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const NIL = "00000000-0000-0000-0000-000000000000";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface BuiltAction {
  id: string;
  name: string;
  /** The page the action's form lives on (the first one the build lists). */
  page: string;
}

/** The build's server actions and a page of each (Next's manifest: read by this test only). */
function builtActions(pagePath: (worker: string) => string): BuiltAction[] {
  const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    name: `${entry.filename}#${entry.exportedName}`,
    page: pagePath(Object.keys(entry.workers)[0]!),
  }));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** A POST with exactly these headers (no Origin or Content-Type added), as a hand-made client sends it. */
function post(url: string, headers: Record<string, string>, body: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    const req = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(bytes.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(bytes);
  });
}

const BOUNDARY = "----CrmActionFuzz7MA4YWxkTrZu0gW";

/** A multipart body from name → value pairs, as a browser's FormData is sent. */
function multipart(fields: [string, string][], boundary = BOUNDARY): string {
  return (
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") +
    `--${boundary}--\r\n`
  );
}

interface Payload {
  contentType: string;
  body: string | Buffer;
  /** Wrong for every action: refused with a 400 when it reaches the action (with a session). */
  malformed: boolean;
}

/** What is sent instead of a real action call (the content type wrong on purpose in some). */
function payloads(fuzz: Fuzz): Payload[] {
  const text = "text/plain;charset=UTF-8";
  const form = `multipart/form-data; boundary=${BOUNDARY}`;
  const malformed = (contentType: string, body: string | Buffer): Payload => ({ contentType, body, malformed: true });
  const odd = (contentType: string, body: string | Buffer): Payload => ({ contentType, body, malformed: false });
  return [
    malformed(text, "[]"),
    malformed(text, "{}"),
    malformed(text, "not json"),
    malformed(text, ""),
    malformed(text, "[null,null,null,null,null]"),
    malformed(text, "[1,2,3,4]"),
    malformed(text, '[{"a":1},{"b":2}]'),
    malformed(text, `${"[".repeat(2000)}${"]".repeat(2000)}`),
    odd(text, '["x","y"]'),
    odd(text, '["$K1"]'),
    odd(text, '["$F0"]'),
    odd(text, '["$Q1","$W2","$T"]'),
    odd(text, '["$@1"]'),
    odd(text, Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])),
    malformed(form, multipart([["0", "[]"]])),
    odd(form, multipart([["0", '["$K1"]']])),
    odd(
      form,
      multipart([
        ["_1_name", "x"],
        ["0", '["$undefined","$K1"]'],
      ]),
    ),
    odd(
      form,
      multipart([
        ["0", '["x","$K1"]'],
        ["_1_id", NIL],
      ]),
    ),
    malformed(form, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]`),
    malformed(form, "garbage without a boundary"),
    malformed("multipart/form-data", multipart([["0", "[]"]])),
    malformed("application/json", "[]"),
    malformed("application/x-www-form-urlencoded", "0=%5B%5D"),
    ...Array.from({ length: 6 }, () => odd(text, JSON.stringify(Array.from({ length: fuzz.int(5) }, () => fuzz.json(2))))),
  ];
}

describe.skipIf(!hasBuild())("server actions on the real server (needs a build)", () => {
  const server = useAppServer();
  let session: Cookies;
  let actions: BuiltAction[];

  beforeAll(async () => {
    session = await signIn(server);
    const contacts = await fetch(`${server.url}/api/v1/contact?limit=1`, { headers: { authorization: `Bearer ${server.demoApiKey()}` } });
    const contactId = ((await contacts.json()) as { data: { id: string }[] }).data[0]!.id;
    const params: Record<string, string> = { object: "contact", id: contactId, apiName: "contact", deliveryId: NIL };
    actions = builtActions((worker) =>
      worker
        .replace(/^app/, "")
        .replace(/\/page$/, "")
        .replace(/\/\([^)]+\)/g, "")
        .replace(/\/webhooks\/\[id\]/, `/webhooks/${NIL}`)
        .replace(/\/flows\/\[id\]/, `/flows/${NIL}`)
        .replace(/\[(\w+)\]/g, (_, name: string) => params[name]!),
    );
    expect(actions.length).toBeGreaterThan(50);
  });

  /** The login action as Next's client calls it (encodeReply of [state, form]): the form's fields under the prefix "_1_". */
  function loginCall(headers: Record<string, string>, callbackUrl = "/settings"): Promise<Answer> {
    const login = actions.find((a) => a.name.endsWith("#login"))!;
    const body = multipart([
      ["_1_email", ADMIN],
      ["_1_password", PASSWORD],
      ["_1_callbackUrl", callbackUrl],
      ["0", '[{},"$K1"]'],
    ]);
    return post(
      `${server.url}/login`,
      { "next-action": login.id, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body,
    );
  }
  const signsIn = (res: Answer) => (res.headers["set-cookie"] ?? []).some((c) => c.startsWith("authjs.session-token="));

  it("runs an action called from our own pages: Origin is PUBLIC_BASE_URL's, or vouched for by Sec-Fetch-Site", async () => {
    const accepted: Record<string, string>[] = [
      { origin: server.url },
      { origin: server.url, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-origin" },
      // A page with Referrer-Policy: no-referrer (the login page's) posts Origin: null.
      { origin: "null", "sec-fetch-site": "same-origin" },
      // A proxy in front that sends its own Host: the origin is PUBLIC_BASE_URL's all the same.
      { origin: server.url, host: "crm.internal:8080" },
    ];
    for (const headers of accepted) {
      const res = await loginCall(headers);
      expect([JSON.stringify(headers), res.status]).toEqual([JSON.stringify(headers), 200]);
      expect(signsIn(res), JSON.stringify(headers)).toBe(true);
    }
    // A return address that is no URL: the login page's own, not a failure of the action.
    const oddReturn = await loginCall({ origin: server.url }, "http://[");
    expect([oddReturn.status, signsIn(oddReturn)]).toEqual([200, true]);
    expect(oddReturn.body).toContain('"redirectTo":"/dashboard"');
  });

  it("refuses, with a JSON 403, an action replayed without Origin, from another origin, or with forged forwarded headers", async () => {
    const localhost = server.url.replace("127.0.0.1", "localhost");
    const refused: Record<string, string>[] = [
      {},
      { origin: "null" },
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      { origin: "https://evil.example", host: "evil.example" },
      // The request's own Host matches, but the configured public origin is another one.
      { origin: localhost, host: new URL(localhost).host },
      { origin: server.url, "sec-fetch-site": "cross-site" },
      { origin: server.url, "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of refused) {
      const res = await loginCall(headers);
      expect([JSON.stringify(headers), res.status]).toEqual([JSON.stringify(headers), 403]);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(res.body)).toEqual({
        error: "Cross-origin request refused",
        message: expect.stringContaining("PUBLIC_BASE_URL"),
        code: "cross_origin_request",
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(signsIn(res)).toBe(false);
    }
    // A form posted to a page without Next's client (no Next-Action header) is held to the same rule.
    const login = actions.find((a) => a.name.endsWith("#login"))!;
    const mpa = multipart([
      [`$ACTION_ID_${login.id}`, ""],
      ["email", ADMIN],
      ["password", PASSWORD],
    ]);
    const forged = await post(
      `${server.url}/login`,
      { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, origin: "https://evil.example" },
      mpa,
    );
    expect(forged.status).toBe(403);
  });

  it("answers a malformed call with a JSON 400 naming the problem, before any action code runs", async () => {
    const login = actions.find((a) => a.name.endsWith("#login"))!;
    const call = (id: string, contentType: string, body: string) =>
      post(`${server.url}/login`, { "next-action": id, "content-type": contentType, origin: server.url }, body);
    const cases: [Promise<Answer>, RegExp][] = [
      [call(login.id, "text/plain;charset=UTF-8", "[]"), /^Malformed server action arguments: /],
      [call(login.id, "text/plain;charset=UTF-8", '["x","y"]'), /^Malformed server action arguments: /],
      [call(login.id, "text/plain;charset=UTF-8", "not json"), /^Malformed server action request: its body could not be decoded$/],
      [call(login.id, "application/json", "[]"), /^A server action's body must be multipart\/form-data/],
      [call(login.id, "multipart/form-data", multipart([["0", "[]"]])), /^A server action's body must be multipart\/form-data/],
      [call("x".repeat(42), "text/plain;charset=UTF-8", "[]"), /^Next-Action must be a server action id/],
      [call("f".repeat(42), "text/plain;charset=UTF-8", "[]"), /^Unknown server action: reload the page$/],
    ];
    for (const [answer, error] of cases) {
      const res = await answer;
      expect(res.status, res.body).toBe(400);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(res.body)).toMatchObject({
        error: expect.stringMatching(error),
        code: "invalid_request",
        requestId: expect.any(String),
      });
    }
    // A form posted without Next's client (before the page's scripts ran) is decoded by Next itself: the same refusal.
    const mpa = await post(
      `${server.url}/login`,
      { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, origin: server.url },
      multipart([
        [`$ACTION_ID_${login.id}`, ""],
        ["email", ADMIN],
      ]),
    );
    expect([mpa.status, JSON.parse(mpa.body).error]).toEqual([400, expect.stringMatching(/^Malformed server action arguments: /)]);
    // Next's client reads this header as "no such action" (its UnrecognizedActionError): kept on the JSON answer.
    expect((await call("f".repeat(42), "text/plain;charset=UTF-8", "[]")).headers["x-nextjs-action-not-found"]).toBe("1");
  });

  it("answers a page sent a malformed multipart body with a JSON 400 (403 when not from our pages)", async () => {
    for (const page of ["/login", "/unsubscribe/x", "/records/contact"]) {
      const broken = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nno closing boundary`;
      const res = await post(
        `${server.url}${page}`,
        { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, origin: server.url, cookie: session.header },
        broken,
      );
      expect([page, res.status]).toEqual([page, 400]);
      expect(JSON.parse(res.body)).toMatchObject({ code: "invalid_request" });
      const anonymous = await post(`${server.url}${page}`, { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, broken);
      expect([page, anonymous.status]).toEqual([page, 403]);
    }
  });

  it("every action id sent malformed payloads, arguments of other shapes and wrong content types, with and without a session: no 5xx", async () => {
    const shapes = payloads(new Fuzz(SEED));
    const byStatus = new Map<number, number>();
    const failures: string[] = [];
    const printedBefore = server.output().length;
    const started = Date.now();
    for (const cookie of ["", session.header]) {
      for (const action of actions) {
        for (const { contentType, body, malformed } of shapes) {
          const headers: Record<string, string> = { "next-action": action.id, "content-type": contentType, origin: server.url };
          if (cookie) headers.cookie = cookie;
          const res = await post(`${server.url}${action.page}`, headers, body);
          byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
          const where = `${action.name} on ${action.page} (${cookie ? "session" : "anonymous"}) ${contentType} ${String(body).slice(0, 40)} → ${res.status}`;
          if (res.status >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
          else if (res.status >= 400 && !/^application\/json/.test(res.headers["content-type"] ?? "")) failures.push(`${where}: not JSON`);
          else if (res.status >= 400 && !("error" in JSON.parse(res.body) && "code" in JSON.parse(res.body)))
            failures.push(`${where}: ${res.body}`);
          else if (cookie && malformed && res.status !== 400) failures.push(`${where}: malformed for every action, yet not refused`);
          // Without a session, proxy.ts sends a call on a signed-in page to the login page before any action runs.
          if (res.status === 307) break;
        }
      }
    }
    const printed = server.output().slice(printedBefore);
    console.log(
      `server action fuzz (seed ${SEED}): ${[...byStatus.values()].reduce((a, b) => a + b)} requests in ${Date.now() - started} ms, ` +
        `by status ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}; the server printed ${printed.split("\n").length - 1} lines`,
    );
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
    const bad = printed.split("\n").findIndex((l) => /TypeError|ReferenceError|unhandled error/.test(l));
    expect(
      bad < 0
        ? ""
        : printed
            .split("\n")
            .slice(bad - 3, bad + 12)
            .join("\n"),
    ).toBe("");
  }, 300_000);
});
