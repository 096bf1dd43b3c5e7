import { afterEach, describe, expect, it } from "vitest";
import { getAttachmentStore, setAttachmentStore } from "./attachment-store.ts";

const KEY = "0190b6a0-0000-7000-8000-000000000001/" + "k".repeat(43);
const S3_ENV = { S3_BUCKET: "crm-files", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };

describe("the store of the process, from the environment", () => {
  afterEach(() => {
    for (const name of [...Object.keys(S3_ENV), "S3_FORCE_PATH_STYLE"]) delete process.env[name];
    setAttachmentStore(undefined);
  });

  it("is the local store without S3_BUCKET", async () => {
    setAttachmentStore(undefined);
    const store = getAttachmentStore();
    expect(store.kind).toBe("local");
    expect((await store.signDownload(KEY, { contentType: "text/plain", fileName: "a.txt" })).url).toMatch(/\/api\/files\//);
  });

  it("is S3 with S3_BUCKET, loading the SDK on first use, path style when asked", async () => {
    Object.assign(process.env, S3_ENV, { S3_FORCE_PATH_STYLE: "true" });
    setAttachmentStore(undefined);
    const store = getAttachmentStore();
    expect(store.kind).toBe("s3");
    const link = await store.signDownload(KEY, { contentType: "text/plain", fileName: "a.txt" }, new Date("2026-11-27T10:00:00.400Z"));
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:9/crm-files/${KEY}`);
    expect(url.searchParams.get("X-Amz-Date")).toBe("20261127T100000Z");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^id\/20261127\/us-east-1\/s3\/aws4_request$/);
    expect(link.expiresAt.toISOString()).toBe("2026-11-27T10:05:00.000Z");
  });
});
