/**
 * Shared helpers for the attachment tests: a client over the /attachments route handlers called
 * in-process with one credential, and step 2 (the PUT of the bytes) sent where the upload URL
 * points: to the app's own file route, called in-process, for the local store; over HTTP to the
 * S3 server for S3.
 */
import { expect } from "vitest";
import { GET as fileGet, PUT as filePut } from "@/app/api/files/[tenant]/[name]/route.ts";
import type { ApiAttachment, AttachmentPage, AttachmentWithDownload, UploadTicket } from "@/lib/schemas/attachments.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: registerRoute, GET: listRoute } = restRoute("/attachments");
const { POST: uploadUrlRoute } = restRoute("/attachments/upload-url");
const { DELETE: deleteRoute, GET: getRoute } = restRoute("/attachments/{id}");

export type { ApiAttachment, AttachmentPage, AttachmentWithDownload, UploadTicket };

export interface FileAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** A request to a signed URL: the app's file route in-process when the URL is the app's, else real HTTP (the S3 server). */
export async function fetchSigned(
  url: string,
  init: { method: "GET" | "PUT"; headers?: Record<string, string>; body?: Buffer },
): Promise<FileAnswer> {
  const u = new URL(url);
  const local = u.pathname.match(/^\/api\/files\/([^/]+)\/([^/]+)$/);
  let res: Response;
  if (local && !u.pathname.includes("/crm-")) {
    const headers = new Headers(init.headers);
    if (init.body && !headers.has("content-length")) headers.set("content-length", String(init.body.length));
    const req = new Request(u, { method: init.method, headers, body: init.body, duplex: "half" } as RequestInit);
    const handler = init.method === "GET" ? fileGet : filePut;
    res = await handler(req, { params: Promise.resolve({ tenant: local[1]!, name: local[2]! }) });
  } else {
    res = await fetch(u, { method: init.method, headers: init.headers, body: init.body ? new Uint8Array(init.body) : undefined });
  }
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The attachment endpoints, called in-process with one credential. */
export class AttachmentsApi {
  constructor(readonly auth: string | undefined) {}

  list(query: Record<string, string>): Promise<CallResult> {
    return call(listRoute, { auth: this.auth, path: "/attachments", query });
  }
  uploadUrl(body: unknown): Promise<CallResult> {
    return call(uploadUrlRoute, { auth: this.auth, method: "POST", path: "/attachments/upload-url", body });
  }
  register(body: unknown): Promise<CallResult> {
    return call(registerRoute, { auth: this.auth, method: "POST", path: "/attachments", body });
  }
  get(id: string): Promise<CallResult> {
    return call(getRoute, { auth: this.auth, path: `/attachments/${id}`, params: { id } });
  }
  remove(id: string): Promise<CallResult> {
    return call(deleteRoute, { auth: this.auth, method: "DELETE", path: `/attachments/${id}`, params: { id } });
  }

  async mustUploadUrl(body: Record<string, unknown>): Promise<UploadTicket> {
    const res = await this.uploadUrl(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<UploadTicket>();
  }

  /** The three steps with real bytes; answers the registered attachment. */
  async attach(
    on: { objectApiName: string; recordId: string },
    file: { fileName: string; contentType: string; bytes: Buffer },
  ): Promise<ApiAttachment> {
    const meta = { ...on, fileName: file.fileName, contentType: file.contentType, size: file.bytes.length };
    const ticket = await this.mustUploadUrl(meta);
    const put = await fetchSigned(ticket.uploadUrl, { method: "PUT", headers: ticket.headers, body: file.bytes });
    expect(put.status, put.bytes.toString()).toBe(200);
    const res = await this.register({ ...meta, storageKey: ticket.storageKey });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.json<ApiAttachment>();
  }

  async mustGet(id: string): Promise<AttachmentWithDownload> {
    const res = await this.get(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<AttachmentWithDownload>();
  }

  async page(query: Record<string, string>): Promise<AttachmentPage> {
    const res = await this.list(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.json<AttachmentPage>();
  }
}

/** Status and `error` of a refusal, compared at once (the body shows on failure). */
export function expectRefusal(res: CallResult, status: number, error: string): void {
  expect({ status: res.status, error: res.json().error }, JSON.stringify(res.body)).toEqual({ status, error });
}
