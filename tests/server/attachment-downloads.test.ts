/**
 * Downloads as the built app serves them over real HTTP, on both stores: whatever type the
 * uploader declared, an active one (HTML, SVG) goes out as application/octet-stream and every
 * file as an attachment, through both doors — the API's signed downloadUrl and the record page's
 * link (/records/{object}/{id}/attachments/{attachmentId}, which signs a fresh URL for the session).
 * The local store's file route keeps its own Content-Security-Policy and Referrer-Policy (the
 * site-wide headers of next.config.js used to replace them); S3 (s3rver) serves the overrides
 * the presigned GET carries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer, type AppServer } from "../helpers/app-server.ts";
import type { Cookies } from "../helpers/cookies.ts";
import { startS3Server, type S3TestServer } from "../helpers/s3-server.ts";
import { signIn } from "../helpers/sign-in.ts";

const PAGE = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
const DRAWING = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const QUOTE = Buffer.from("%PDF-1.4\n%quote\n");

const FILES = [
  { fileName: "page.html", contentType: "text/html", bytes: PAGE, served: "application/octet-stream" },
  { fileName: "logo.svg", contentType: "image/svg+xml", bytes: DRAWING, served: "application/octet-stream" },
  { fileName: "quote.pdf", contentType: "application/pdf", bytes: QUOTE, served: "application/pdf" },
];

const LOCAL_POLICY = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

/** The file tests on one store; `origin` is where its download URLs point. */
function describeDownloads(store: "local" | "s3", server: AppServer, origin: () => string): void {
  let key = "";
  let session: Cookies;
  let contactId = "";
  const attached: { id: string; file: (typeof FILES)[number] }[] = [];

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    key = server.demoApiKey();
    session = await signIn(server);
    const created = await api("POST", "/contact", { last_name: `Downloads ${store}` });
    expect(created.status).toBe(201);
    contactId = ((await created.json()) as { id: string }).id;
    for (const file of FILES) {
      const meta = {
        recordId: contactId,
        objectApiName: "contact",
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.length,
      };
      const ticket = (await (await api("POST", "/attachments/upload-url", meta)).json()) as {
        uploadUrl: string;
        headers: Record<string, string>;
        storageKey: string;
      };
      const put = await fetch(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: new Uint8Array(file.bytes) });
      expect(put.status, await put.text()).toBe(200);
      const registered = await api("POST", "/attachments", { ...meta, storageKey: ticket.storageKey });
      expect(registered.status).toBe(201);
      attached.push({ id: ((await registered.json()) as { id: string }).id, file });
    }
  });

  /** The download's status, headers and bytes, checked for the file. */
  async function expectServed(url: string, file: (typeof FILES)[number]): Promise<void> {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
    expect(res.headers.get("content-type"), file.contentType).toBe(file.served);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${file.fileName}"; filename*=UTF-8''${file.fileName}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    if (store === "local") expect(Object.fromEntries(res.headers)).toMatchObject(LOCAL_POLICY);
    else expect(new URL(url).searchParams.get("response-content-type")).toBe(file.served);
  }

  it("the API's downloadUrl serves active types as application/octet-stream, every file as an attachment", async () => {
    for (const { id, file } of attached) {
      const got = await api("GET", `/attachments/${id}`);
      const body = (await got.json()) as { contentType: string; downloadUrl: string };
      expect(body.contentType).toBe(file.contentType);
      expect(new URL(body.downloadUrl).origin).toBe(origin());
      await expectServed(body.downloadUrl, file);
    }
  });

  it("the record page's link sends the signed-in user to a URL served the same way", async () => {
    for (const { id, file } of attached) {
      const res = await fetch(`${server.url}/records/contact/${contactId}/attachments/${id}`, {
        headers: { cookie: session.header },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      await expectServed(res.headers.get("location")!, file);
    }
  });

  it.skipIf(store !== "local")("the file route's refusals carry its own policy; other paths keep the site-wide one", async () => {
    const { downloadUrl } = (await (await api("GET", `/attachments/${attached[0]!.id}`)).json()) as { downloadUrl: string };
    const tampered = new URL(downloadUrl);
    tampered.searchParams.set("type", "image/png");
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(Object.fromEntries(refused.headers)).toMatchObject(LOCAL_POLICY);
    const elsewhere = await fetch(`${server.url}/api/files/not-a-file`);
    expect(elsewhere.headers.get("content-security-policy")).toBe("frame-ancestors 'none'; frame-src 'none'");
  });
}

describe("downloads from the built app, local store", () => {
  const server = useAppServer();
  describeDownloads("local", server, () => server.url);
});

describe("downloads from the built app, S3 store (s3rver)", () => {
  let s3: S3TestServer | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    s3 = await startS3Server();
    const c = s3.config;
    Object.assign(env, {
      S3_BUCKET: c.bucket,
      S3_ENDPOINT: c.endpoint!,
      S3_REGION: c.region,
      S3_ACCESS_KEY_ID: c.accessKeyId!,
      S3_SECRET_ACCESS_KEY: c.secretAccessKey!,
      S3_FORCE_PATH_STYLE: "true",
    });
  });
  // Registered first, so it runs after the app server has stopped.
  afterAll(() => s3?.close());
  describeDownloads("s3", useAppServer({ env }), () => s3!.config.endpoint!);
});
