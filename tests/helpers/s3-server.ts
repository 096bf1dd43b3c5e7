/**
 * A real S3-protocol server for the attachment tests and benchmark: s3rver (S3's REST API over
 * the local disk), fronted by a small proxy that verifies the Signature V4 of presigned requests,
 * which s3rver accepts without checking (it verifies V2 only). The proxy makes the server refuse
 * what AWS S3 refuses: an altered URL, or a PUT whose signed Content-Type or Content-Length differ
 * (403 SignatureDoesNotMatch), or a conditional PUT (If-None-Match: *) whose key holds an object
 * (412 PreconditionFailed, which s3rver does not implement); s3rver itself refuses expired URLs.
 * Requests the SDK signs in headers (HeadObject, DeleteObject) pass through.
 */
import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "@/lib/storage/s3-config.ts";

export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const REGION = "us-east-1";

export interface S3TestServer {
  /** The store configuration pointing at the verifying front. */
  config: S3Config;
  /** Presigned requests the front refused. */
  refused: number;
  close(): Promise<void>;
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const encode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string): Buffer => createHmac("sha256", key).update(data).digest();

/** The signature a presigned request should carry, computed as S3 does (SigV4, query authentication, unsigned payload). */
export function expectedSignature(method: string, rawUrl: string, headers: http.IncomingHttpHeaders, secret: string): string | null {
  const url = new URL(rawUrl, "http://front");
  const q = url.searchParams;
  const date = q.get("X-Amz-Date");
  const credential = q.get("X-Amz-Credential");
  const signed = q.get("X-Amz-SignedHeaders");
  if (!date || !credential || !signed) return null;
  const scope = credential.split("/").slice(1).join("/");
  const query = [...q.entries()]
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const names = signed.split(";");
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(headers[n] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [method, url.pathname, query, canonicalHeaders, signed, "UNSIGNED-PAYLOAD"].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  const [day, region, service] = scope.split("/");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex");
}

function refuse(
  res: http.ServerResponse,
  status = 403,
  code = "SignatureDoesNotMatch",
  message = "The request signature we calculated does not match the signature you provided.",
): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body), Connection: "close" });
  res.end(body);
}

/** Whether s3rver holds an object at the URL's path (a HEAD with the same query: s3rver checks V4 query auth only for expiry). */
function exists(port: number, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const head = http.request({ host: "127.0.0.1", port, method: "HEAD", path: url }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    head.on("error", () => resolve(false));
    head.end();
  });
}

/** Starts s3rver with one bucket behind the verifying front; both on loopback, on free ports. */
export async function startS3Server(bucket = "crm-files"): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "crm-s3-"));
  const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [] });
  const { port: backPort } = await s3.run();
  const state = { refused: 0 };
  const front = http.createServer(async (req, res) => {
    const url = req.url ?? "/";
    if (url.includes("X-Amz-Signature=")) {
      const given = new URL(url, "http://front").searchParams.get("X-Amz-Signature");
      if (given !== expectedSignature(req.method ?? "GET", url, req.headers, S3_TEST_CREDENTIALS.secretAccessKey)) {
        state.refused++;
        req.resume();
        return refuse(res);
      }
    }
    if (req.method === "PUT" && req.headers["if-none-match"] === "*") {
      req.pause();
      if (await exists(backPort, url)) {
        req.resume();
        return refuse(res, 412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold");
      }
    }
    const upstream = http.request({ host: "127.0.0.1", port: backPort, method: req.method, path: url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const admin = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    config: { bucket, endpoint, region: REGION, forcePathStyle: true, ...S3_TEST_CREDENTIALS },
    get refused() {
      return state.refused;
    },
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
