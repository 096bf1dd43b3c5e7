import { describe, expect, it } from "vitest";
import { oauthAppInputSchema } from "@/lib/schemas/oauth-apps.ts";
import { embedUrlSchema, isLoopbackHost } from "@/lib/schemas/widgets.ts";
import { isCrmOrigin } from "./declarations.ts";

describe("widget origins", () => {
  it("knows every form of loopback the URL parser leaves", () => {
    for (const url of [
      "http://127.0.0.1",
      "http://127.0.0.2",
      "http://0x7f.1",
      "http://2130706433",
      "http://[::1]",
      "http://[::ffff:127.0.0.1]",
      "http://0.0.0.0",
      "http://localhost",
      "http://app.localhost",
      "http://LOCALHOST.",
    ])
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(true);
    for (const url of ["http://128.0.0.1", "http://10.0.0.1", "http://[::2]", "http://localhost.example.com", "http://example.com"])
      expect(isLoopbackHost(new URL(url).hostname), url).toBe(false);
  });

  it("treats the CRM's own host with a trailing dot, its default port written out, or another loopback name on its port as the CRM", () => {
    const crm = new URL("https://crm.example.com");
    for (const url of ["https://crm.example.com/w", "https://CRM.example.com./w", "https://crm.example.com:443/w"])
      expect(isCrmOrigin(new URL(url), crm), url).toBe(true);
    for (const url of ["https://crm.example.com:8443/w", "http://crm.example.com/w", "https://widgets.crm.example.com/w"])
      expect(isCrmOrigin(new URL(url), crm), url).toBe(false);
    const local = new URL("http://localhost:3000");
    for (const url of [
      "http://127.0.0.1:3000/w",
      "http://127.0.0.2:3000/w",
      "http://[::1]:3000/w",
      "http://0.0.0.0:3000/w",
      "http://[::ffff:7f00:1]:3000/w",
    ])
      expect(isCrmOrigin(new URL(url), local), url).toBe(true);
    expect(isCrmOrigin(new URL("http://127.0.0.1:3006/w"), local)).toBe(false);
  });

  it("refuses wildcards and directive characters in origins and embed URLs (they would land in frame-src)", () => {
    for (const origin of ["https://*", "https://*.example.com", "https://a;b.example.com", "https://a,b.example.com"]) {
      const app = oauthAppInputSchema.safeParse({
        name: "x",
        redirectUris: ["https://app.example.com/cb"],
        scopes: ["records:read"],
        allowedOrigins: [origin],
      });
      expect(app.success, origin).toBe(false);
      expect(embedUrlSchema.safeParse(`${origin}/w`).success, origin).toBe(false);
    }
    expect(embedUrlSchema.safeParse("https://xn--bcher-kva.example/w").success).toBe(true);
    expect(embedUrlSchema.safeParse("https://bücher.example/w").success).toBe(true);
  });
});
