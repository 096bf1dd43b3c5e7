import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error.ts";
import { ERROR_TABLE, type ErrorCode } from "@/lib/errors/error-table.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { createActionGate, REFUSALS } from "./action-gate.mjs";
import { serverAction, actionArg } from "./server-action.ts";

const PUBLIC = "https://crm.example.com";
const ID = "7f".padEnd(42, "a");
const MULTIPART = "multipart/form-data; boundary=----x";

/** What the stand-in for Next does with a request the gate lets through. */
type NextStandIn = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

describe("the front's gate for server actions", () => {
  const gate = createActionGate({ publicBaseUrl: `${PUBLIC}/` });
  let server: http.Server;
  let url: string;
  let standIn: NextStandIn = (_req, res) => void res.end("next");
  let reached = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) =>
      gate(req, res, () => {
        reached++;
        void standIn(req, res);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function send(headers: Record<string, string>, path = "/settings", method = "POST") {
    const before = reached;
    const res = await fetch(`${url}${path}`, { method, headers, body: method === "POST" ? "[]" : undefined });
    return { status: res.status, headers: res.headers, body: await res.text(), reachedNext: reached > before };
  }

  it("answers with the error table's codes and texts", () => {
    for (const refusal of Object.values(REFUSALS)) {
      const code = refusal.code as ErrorCode;
      expect(ERROR_TABLE[code].status, code).toBe(refusal.status);
      const { body } = toErrorBody(new AppError(code, refusal.error), "id");
      expect({ error: body.error, message: body.message }).toEqual({
        error: refusal.error,
        message: "message" in refusal ? refusal.message : refusal.error,
      });
    }
  });

  it("lets through what is no server action: other methods, API paths, posts that are neither multipart nor Next's client", async () => {
    for (const [headers, path, method] of [
      [{}, "/settings", "GET"],
      [{ "next-action": ID }, "/settings", "GET"],
      [{ "next-action": "x", "content-type": "text/plain" }, "/api/v1/contact", "POST"],
      [{ "content-type": MULTIPART }, "/api/unsubscribe/t", "POST"],
      [{ "content-type": "application/x-www-form-urlencoded" }, "/login", "POST"],
    ] as const) {
      const res = await send(headers, path, method);
      expect([path, method, res.status, res.reachedNext]).toEqual([path, method, 200, true]);
    }
  });

  it("holds an action's Origin to PUBLIC_BASE_URL's; without one, or null, Sec-Fetch-Site must say same-origin", async () => {
    const action = { "next-action": ID, "content-type": "text/plain;charset=UTF-8" };
    const accepted: Record<string, string>[] = [
      { origin: PUBLIC },
      { origin: PUBLIC, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-origin" },
      { origin: "null", "sec-fetch-site": "same-origin" },
    ];
    for (const headers of accepted) expect((await send({ ...action, ...headers })).reachedNext, JSON.stringify(headers)).toBe(true);
    const refused: Record<string, string>[] = [
      {},
      { origin: "null" },
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "x-forwarded-host": "evil.example", host: "evil.example" },
      { origin: `${PUBLIC}:444` },
      { origin: "http://crm.example.com" },
      { origin: PUBLIC, "sec-fetch-site": "same-site" },
      { origin: PUBLIC, "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of refused) {
      const res = await send({ ...action, ...headers });
      expect([JSON.stringify(headers), res.status, res.reachedNext]).toEqual([JSON.stringify(headers), 403, false]);
      expect(JSON.parse(res.body)).toMatchObject({ code: "cross_origin_request", requestId: expect.any(String) });
    }
    // A multipart post without Next's header is a form posted before the page's scripts ran: the same rule.
    expect((await send({ "content-type": MULTIPART, origin: "https://evil.example" }, "/unsubscribe/x")).status).toBe(403);
  });

  it("shows Next the origin it found the request to come from, whatever the client sent", async () => {
    let seen: string | undefined;
    standIn = (req, res) => void res.end((seen = req.headers.origin));
    await send({ "next-action": ID, "content-type": "text/plain", origin: "null", "sec-fetch-site": "same-origin" });
    expect(seen).toBe(PUBLIC);
  });

  it("refuses a Next-Action that is no action id and a body Next's client never sends, with a JSON 400", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ "next-action": "x", "content-type": "text/plain" }, REFUSALS.actionId.error],
      [{ "next-action": "", "content-type": "text/plain" }, REFUSALS.actionId.error],
      [{ "next-action": ID.toUpperCase(), "content-type": "text/plain" }, REFUSALS.actionId.error],
      [{ "next-action": ID, "content-type": "application/json" }, REFUSALS.bodyType.error],
      [{ "next-action": ID, "content-type": "multipart/form-data" }, REFUSALS.bodyType.error],
      [{ "next-action": ID, "content-type": "application/x-www-form-urlencoded" }, REFUSALS.bodyType.error],
      [{ "content-type": "multipart/form-data; charset=utf-8" }, REFUSALS.bodyType.error],
    ];
    for (const [headers, error] of cases) {
      const res = await send({ origin: PUBLIC, ...headers });
      expect([JSON.stringify(headers), res.status, res.reachedNext]).toEqual([JSON.stringify(headers), 400, false]);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(JSON.parse(res.body)).toMatchObject({ error, message: error, code: "invalid_request" });
    }
  });

  describe("Next's answer to an admitted request", () => {
    const action = { "next-action": ID, "content-type": "text/plain", origin: PUBLIC };

    /** Next's ways of answering: a streamed body after its headers, or one end() with the whole body. */
    const streamed =
      (status: number, headers: Record<string, string> = {}): NextStandIn =>
      async (_req, res) => {
        res.statusCode = status;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.setHeader("content-type", "text/x-component");
        res.flushHeaders();
        res.write("0:");
        await new Promise((resolve) => setTimeout(resolve, 5));
        res.write('{"a":1}\n');
        res.end();
      };
    const whole =
      (status: number, headers: Record<string, string> = {}): NextStandIn =>
      (_req, res) => {
        res.statusCode = status;
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.end("Server Action unavailable.", () => undefined);
      };

    it("a 500 before any action was admitted (Next could not decode the body) becomes a JSON 400", async () => {
      for (const next of [streamed(500), whole(500)]) {
        standIn = next;
        const res = await send(action);
        expect(res.status).toBe(400);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(JSON.parse(res.body)).toMatchObject({ error: REFUSALS.undecodable.error, code: "invalid_request" });
      }
    });

    it("an unknown action id (Next's text/plain 409) becomes a JSON 400 that keeps the header Next's client reads", async () => {
      standIn = whole(409, { "x-nextjs-action-not-found": "1", "content-type": "text/plain" });
      const res = await send(action);
      expect(res.status).toBe(400);
      expect(res.headers.get("x-nextjs-action-not-found")).toBe("1");
      expect(JSON.parse(res.body)).toMatchObject({ error: REFUSALS.unknownAction.error });
    });

    it("arguments an action refused become a JSON 400 naming them; an admitted action's own answer stays Next's", async () => {
      const action2 = serverAction([actionArg.text, actionArg.form], async (id) => id);
      let ran = false;
      standIn = async (req, res) => {
        try {
          await action2(...(JSON.parse(req.headers["x-args"] as string) as [string, FormData]));
          ran = true;
        } catch {
          // As Next does with an action that threw.
        }
        await streamed(500)(req, res);
      };
      const refused = await send({ ...action, "x-args": '["a"]' });
      expect(ran).toBe(false);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).error).toBe("Malformed server action arguments: Too small: expected array to have >=2 items");

      standIn = async (req, res) => {
        await action2("a", new FormData());
        await streamed(500)(req, res);
      };
      const failed = await send(action);
      expect([failed.status, failed.body]).toEqual([500, '0:{"a":1}\n']);
    });

    it("other answers stay Next's: a page drawn for a multipart post that is no action, a redirect, a 503", async () => {
      for (const status of [200, 303, 503]) {
        standIn = streamed(status);
        const res = await send({ "content-type": MULTIPART, origin: PUBLIC }, "/unsubscribe/x");
        expect([res.status, res.body]).toEqual([status, '0:{"a":1}\n']);
      }
    });

    it("the connection serves the next request after a replaced answer", async () => {
      standIn = streamed(500);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const ask = () =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(`${url}/settings`, { method: "POST", agent, headers: action }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          });
          req.on("error", reject);
          req.end("[]");
        });
      expect([await ask(), await ask(), await ask()]).toEqual([400, 400, 400]);
      agent.destroy();
    });
  });
});
