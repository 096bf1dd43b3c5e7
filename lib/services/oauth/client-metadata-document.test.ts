import { describe, expect, it, vi } from "vitest";
import { metadataDocumentClient, metadataDocumentUrlProblem } from "./client-metadata-document.ts";

describe("client metadata document URLs", () => {
  it("accept an https URL with a path, and refuse what the draft forbids", () => {
    expect(metadataDocumentUrlProblem("https://host.example/client.json")).toBeNull();
    expect(metadataDocumentUrlProblem("https://host.example/oauth/client?v=2")).toBeNull();
    const cases: [string, RegExp][] = [
      ["http://host.example/client.json", /https/],
      ["https://host.example", /path/],
      ["https://host.example/", /path/],
      ["https://host.example/a/../client.json", /\. or \.\./],
      ["https://host.example/a/%2e%2e/client.json", /\. or \.\./],
      ["https://host.example/./client.json", /\. or \.\./],
      ["https://host.example/client.json#x", /fragment/],
      ["https://user:pw@host.example/client.json", /user name/],
      ["https://HOST.example/client.json", /normal form/],
      [`https://host.example/${"x".repeat(2001)}`, /longer than/],
      ["https://", /valid URL/],
    ];
    for (const [url, why] of cases) expect(metadataDocumentUrlProblem(url), url).toMatch(why);
  });

  it("never fetch from the loopback, private networks or cloud metadata (the webhooks' SSRF rules), whatever webhooks may reach", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_NETWORKS", "127.0.0.0/8,10.0.0.0/8");
    for (const url of [
      "https://127.0.0.1/client.json",
      "https://10.0.0.7/client.json",
      "https://[::1]/client.json",
      "https://169.254.169.254/latest/client.json",
      "https://localhost/client.json",
      "https://metadata.google.internal/client.json",
    ]) {
      await expect(metadataDocumentClient(url), url).rejects.toMatchObject({
        error: "invalid_client",
        description: expect.stringMatching(/not a public address|cloud metadata/),
      });
    }
    vi.unstubAllEnvs();
  });
});
