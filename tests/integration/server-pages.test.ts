/**
 * What only the built app shows (server.mjs, NODE_ENV=production, minified): the HTTP status and
 * look of pages for unknown ids, and what the server prints when a page fails or a sign-in is refused.
 * Needs `npx next build` first (npm test builds).
 */
import { describe, expect, it } from "vitest";
import { useAppServer } from "../helpers/app-server.ts";
import { postCredentials, SERVER_ADMIN } from "../helpers/sign-in.ts";

const { email: ADMIN, password: PASSWORD } = SERVER_ADMIN;
const NIL = "00000000-0000-0000-0000-000000000000";

describe("the built app: 404 pages and refused sign-ins", () => {
  const server = useAppServer();

  const signIn = (email: string, password: string) => postCredentials(server.url, email, password);

  /** What the server prints while `action` runs, once it has printed `until` (or 2 s have passed). */
  async function printedDuring(action: () => Promise<unknown>, until?: RegExp): Promise<string> {
    const start = server.output().length;
    await action();
    for (let waited = 0; waited < 2000; waited += 50) {
      if (until?.test(server.output().slice(start))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return server.output().slice(start);
  }

  it("an unknown object under /settings is a 404 page inside the settings frame, with nothing in the log", async () => {
    const cookies = await signIn(ADMIN, PASSWORD);
    expect(cookies.has("authjs.session-token")).toBe(true);
    const known = await fetch(`${server.url}/settings/objects/contact`, { headers: { cookie: cookies.header } });
    expect(known.status).toBe(200);

    let html = "";
    const printed = await printedDuring(async () => {
      const res = await fetch(`${server.url}/settings/objects/nosuch`, { headers: { cookie: cookies.header } });
      expect(res.status).toBe(404);
      html = await res.text();
    });
    // Next answers a notFound() thrown while rendering a dynamic page with an empty HTML shell and
    // the page's data, from which the browser draws the settings frame and the not-found page
    // (e2e/settings-forms.spec.ts shows it drawn).
    expect(html).toContain("<title>Not found · CRM</title>");
    expect(html).toContain("Nothing in your company");
    expect(html).toContain('\\"aria-label\\":\\"Main\\"'); // the app's sidebar around it (in the page's data)
    expect(printed).not.toMatch(/error|AppError|^\s+at /im);
  });

  it("a record page's download link with an id that is no attachment's answers JSON: 400 for no uuid, 404 for an unknown one", async () => {
    const cookies = await signIn(ADMIN, PASSWORD);
    const download = (id: string) =>
      fetch(`${server.url}/records/contact/${NIL}/attachments/${id}`, { headers: { cookie: cookies.header }, redirect: "manual" });
    for (const [id, status, code] of [
      ["not-a-uuid", 400, "invalid_request"],
      ["%E2%9C%93", 400, "invalid_request"],
      [NIL, 404, "not_found"],
    ] as const) {
      const res = await download(id);
      expect([id, res.status]).toEqual([id, status]);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toMatchObject({ code, requestId: res.headers.get("x-request-id") });
    }
  });

  it("an address the app does not serve is a 404 page in the app's look", async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<title>Page not found · CRM</title>");
    expect(html).toMatch(/<div class="panel card stack"><h1>Page not found<\/h1>/);
  });

  it("a refused sign-in prints exactly one line naming the email and the reason: no stack trace, no password", async () => {
    const cases = [
      { email: ADMIN, password: "not-the-password-1", line: `login failed for "${ADMIN}": wrong password` },
      {
        email: "nobody@demo.example",
        password: "not-the-password-2",
        line: 'login failed for "nobody@demo.example": no active user with this email',
      },
      // Whatever is typed as the email stays inside its line.
      {
        email: "x@demo.example\nforged log line",
        password: "not-the-password-3",
        line: 'login failed for "x@demo.example\\nforged log line": no active user with this email',
      },
    ];
    for (const c of cases) {
      const printed = await printedDuring(() => signIn(c.email, c.password), /login failed/);
      const lines = printed.split("\n").filter((l) => l.trim() !== "");
      expect(lines, c.email).toEqual([c.line]);
      expect(printed).not.toContain(c.password);
    }
    // The right password still signs in.
    expect((await signIn(ADMIN, PASSWORD)).has("authjs.session-token")).toBe(true);
  });
});
