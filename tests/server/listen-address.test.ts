/**
 * Where `npm start` listens and the address it prints (issue 38): with HOST unset both loopback
 * addresses are served, so the printed `http://localhost:PORT/login` works whichever of 127.0.0.1
 * and ::1 a client resolves `localhost` to first (Chromium here sometimes took ::1 and was refused).
 */
import { describe, expect, it } from "vitest";
import { defaultBaseUrl, listenHosts } from "@/lib/net/listen-address.mjs";
import { hasBuild, START_TIMEOUT_MS, startAppServer } from "../helpers/app-server.ts";

describe("listen address", () => {
  it("HOST unset: both loopbacks and localhost; HOST naming one address: that address is the one printed", () => {
    expect(listenHosts({})).toEqual(["127.0.0.1", "::1"]);
    expect(defaultBaseUrl({ PORT: "4000" })).toBe("http://localhost:4000");
    expect(listenHosts({ HOST: "0.0.0.0" })).toEqual(["0.0.0.0"]);
    expect(defaultBaseUrl({ HOST: "0.0.0.0" })).toBe("http://localhost:3000");
    expect(defaultBaseUrl({ HOST: "127.0.0.1", PORT: "4000" })).toBe("http://127.0.0.1:4000");
    expect(defaultBaseUrl({ HOST: "::1", PORT: "4000" })).toBe("http://[::1]:4000");
    expect(defaultBaseUrl({ HOST: "127.0.0.1", PUBLIC_BASE_URL: "https://crm.example.com/" })).toBe("https://crm.example.com");
  });

  it.skipIf(!hasBuild())(
    "the started server answers the printed login address on 127.0.0.1 and on ::1",
    async () => {
      const server = await startAppServer({ env: { HOST: undefined, PUBLIC_BASE_URL: undefined }, readyPath: "/api/ping" });
      try {
        let printed: RegExpExecArray | null = null;
        for (let i = 0; i < 600 && !printed; i++) {
          printed = /^Log in at (http:\/\/localhost:(\d+))\/login as /m.exec(server.output());
          if (!printed) await new Promise((r) => setTimeout(r, 100));
        }
        expect(printed, server.output()).not.toBeNull();
        const port = printed![2]!;
        expect(server.output()).toContain(`Listening on http://127.0.0.1:${port} `);
        expect(server.output()).toContain(`Listening on http://[::1]:${port} `);
        for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
          const res = await fetch(`${origin}/login`);
          expect(res.status, origin).toBe(200);
          expect(await res.text()).toContain("Sign in");
        }
      } finally {
        await server.stop();
      }
    },
    START_TIMEOUT_MS + 70_000,
  );
});
