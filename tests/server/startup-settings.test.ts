/**
 * Settings that cannot work stop the start: the built server, given an EMAIL_INBOUND_SECRET
 * shorter than the minimum, exits with a message naming the variable and the minimum instead of
 * serving an inbound endpoint that refuses every call.
 */
import { describe, expect, it } from "vitest";
import { MIN_INBOUND_SECRET } from "@/lib/services/email/mail-config.ts";
import { hasBuild, startAppServer } from "../helpers/app-server.ts";

describe.skipIf(!hasBuild())("start-up refuses unusable settings (needs a build)", () => {
  it("an EMAIL_INBOUND_SECRET shorter than the minimum: exits 1, naming the variable and the minimum", async () => {
    const started = startAppServer({ env: { EMAIL_INBOUND_SECRET: "too-short-a-secret" }, readyPath: "/api/ping" });
    const failure = await started.then(
      async (server) => {
        await server.stop();
        return expect.fail("the server started");
      },
      (err: unknown) => String(err),
    );
    expect(failure).toContain("server exited with 1");
    expect(failure).toContain(`EMAIL_INBOUND_SECRET must be at least ${MIN_INBOUND_SECRET} characters long`);
    expect(failure).not.toContain("too-short-a-secret");
  });
});
