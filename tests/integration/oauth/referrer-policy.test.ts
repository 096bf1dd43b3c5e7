/**
 * On the built app (server.mjs, needs `npx next build`): the authorize endpoint, the login page
 * and the consent page answer `Referrer-Policy: no-referrer` (next.config.js), other pages keep
 * the app's default; the authorization error page carries the app's stylesheet in production too.
 */
import { describe, expect, it } from "vitest";
import { useAppServer } from "../../helpers/app-server.ts";

describe("Referrer-Policy of the authorization pages (real server)", () => {
  const server = useAppServer();

  const head = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

  it("sends no-referrer on /api/oauth/authorize, /login and /oauth/consent, whatever they answer", async () => {
    const request =
      "response_type=code&client_id=crm_app_unknown&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb&scope=records%3Aread&state=s";
    for (const path of [
      `/api/oauth/authorize?${request}`,
      "/login",
      `/login?callbackUrl=${encodeURIComponent(`/api/oauth/authorize?${request}`)}`,
      `/oauth/consent?${request}`,
    ]) {
      const res = await head(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    for (const path of ["/docs/api", "/api/v1/openapi.json"])
      expect((await head(path)).headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
  });

  it("shows the authorization error page with the app's stylesheet", async () => {
    const res = await head("/api/oauth/authorize?client_id=crm_app_unknown&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(".panel {");
    expect(html).toContain("Unknown client crm_app_unknown");
  });
});
