/**
 * The attachment tools (spec 4.1 note C) through real SDK clients of every protocol era, on the
 * local store: the five tools listed with flat arguments, all four annotations and descriptions
 * that teach the two-step flow (the bytes never pass through MCP: whoever holds the file PUTs them
 * to the upload URL in between); the whole flow an agent runs (upload URL, PUT, register, list,
 * get and download, delete); and REST's refusals as tool errors.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAttachmentStore } from "@/lib/storage/attachment-store.ts";
import { createLocalStore } from "@/lib/storage/local-store.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import {
  ERAS,
  failed,
  mcpClient,
  ok,
  resolved,
  toolErrorText,
  type JsonSchema,
  type McpTestClient,
  TOOLS,
  mustGive,
} from "../../helpers/mcp.ts";
import {
  AttachmentsApi,
  fetchSigned,
  type ApiAttachment,
  type AttachmentWithDownload,
  type UploadTicket,
} from "../attachments/attachment-client.ts";
import { bigKey, ISO_MS_RE, RecordsApi, UUID_RE } from "../records/helpers.ts";

const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const CREATES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const CHANGES = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

/** Per attachment tool: its annotations, its flat arguments (in order) and the required ones. */
const ATTACHMENT_TOOLS: Record<string, { annotations: typeof READS; args: string[]; required: string[] }> = {
  list_attachments: { annotations: READS, args: ["recordId", "objectApiName", "limit", "offset"], required: ["recordId", "objectApiName"] },
  create_attachment_upload_url: {
    annotations: CREATES,
    args: ["recordId", "objectApiName", "fileName", "contentType", "size"],
    required: ["recordId", "objectApiName", "fileName", "contentType", "size"],
  },
  register_attachment: {
    annotations: CREATES,
    args: ["recordId", "objectApiName", "storageKey", "fileName", "contentType", "size"],
    required: ["recordId", "objectApiName", "storageKey", "fileName", "contentType", "size"],
  },
  get_attachment: { annotations: READS, args: ["id"], required: ["id"] },
  delete_attachment: { annotations: CHANGES, args: ["id"], required: ["id"] },
};

interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

let dataDir: string;
const savedDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "crm-mcp-attachments-"));
  process.env.DATA_DIR = dataDir;
  setAttachmentStore(createLocalStore());
});
afterAll(async () => {
  setAttachmentStore(undefined);
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(ERAS)("MCP attachment tools (%s client)", (era) => {
  let t: TestTenant;
  let adminKey: string;
  let client: McpTestClient;
  const open: McpTestClient[] = [];
  const connect = async (secret: string) => {
    const c = await mcpClient(era, secret);
    open.push(c);
    return c;
  };
  let contact: { id: string };

  beforeAll(async () => {
    t = await createTestTenant(`mcp-att-${era}`);
    adminKey = await bigKey(t, { allowDelete: true });
    client = await connect(adminKey);
    contact = await new RecordsApi(adminKey, "contact").mustCreate({ last_name: `Files ${era}` });
  });
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it("lists the five attachment tools in registry order, with flat arguments, output schemas, all four annotations and the two-step flow", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    const names = Object.keys(ATTACHMENT_TOOLS);
    const at = TOOLS.indexOf("list_attachments");
    expect(TOOLS.slice(at, at + names.length)).toEqual(names);
    const byName = (name: string) => tools.find((x) => x.name === name)!;
    for (const [name, want] of Object.entries(ATTACHMENT_TOOLS)) {
      const tool = byName(name);
      expect(tool.title, name).toBeTruthy();
      expect(tool.description!.length, name).toBeGreaterThan(40);
      // The four hints exactly (annotations also repeat the title).
      expect(tool.annotations, name).toEqual({ title: tool.title, ...want.annotations });
      const input = tool.inputSchema as JsonSchema;
      expect(input.type, name).toBe("object");
      // Flat: the JSON body's properties are the tool's own arguments, not one nested object.
      expect(Object.keys(input.properties ?? {}), name).toEqual(want.args);
      expect([...(input.required ?? [])].sort(), name).toEqual([...want.args].sort());
      expect(mustGive(input).sort(), name).toEqual([...want.required].sort());
      expect(input.additionalProperties, name).toBe(false);
      expect(tool.outputSchema, name).toMatchObject({ type: "object" });
    }
    // The two steps point at each other, and say the bytes go to uploadUrl outside MCP.
    const upload = byName("create_attachment_upload_url").description!;
    expect(upload).toContain("register_attachment");
    expect(upload).toMatch(/PUT/);
    expect(upload).toContain("uploadUrl");
    const register = byName("register_attachment").description!;
    expect(register).toContain("create_attachment_upload_url");
    expect(register).toContain("storageKey");
    expect(byName("list_attachments").description).toContain("get_attachment");
    // Tool pages are small: 20 rows unless asked otherwise.
    expect((byName("list_attachments").inputSchema as JsonSchema).properties!.limit!.description).toContain("default 20");

    const outputKeys = (name: string) => Object.keys(resolved(byName(name).outputSchema).properties ?? {});
    expect(outputKeys("list_attachments")).toEqual(["data", "total", "limit", "offset"]);
    expect(outputKeys("create_attachment_upload_url")).toEqual(["uploadUrl", "method", "headers", "storageKey", "expiresAt"]);
    expect(outputKeys("register_attachment")).toEqual(
      expect.arrayContaining(["id", "recordId", "objectApiName", "fileName", "contentType", "size", "createdBy", "created_at"]),
    );
    expect(outputKeys("get_attachment")).toEqual(expect.arrayContaining(["id", "fileName", "downloadUrl", "expiresAt"]));
    expect(outputKeys("delete_attachment")).toEqual(["id", "deleted"]);
  });

  it("attaches a file in two calls around a PUT, lists it, downloads it through get_attachment, deletes it", async () => {
    const bytes = Buffer.from(`%PDF-1.4 quote for ${era}\n`);
    const on = { recordId: contact.id, objectApiName: "contact" };
    const announced = { ...on, fileName: `Quote ${era}.pdf`, contentType: "application/pdf", size: bytes.length };

    const ticket = ok<UploadTicket>(await client.callTool({ name: "create_attachment_upload_url", arguments: announced }));
    expect(ticket).toEqual({
      uploadUrl: expect.stringContaining("/api/files/"),
      method: "PUT",
      headers: { "Content-Type": "application/pdf", "Content-Length": String(bytes.length), "If-None-Match": "*" },
      storageKey: expect.stringMatching(new RegExp(`^${t.tenantId}/`)),
      expiresAt: expect.stringMatching(ISO_MS_RE),
    });
    const registration = { ...announced, storageKey: ticket.storageKey };

    // Registering before the bytes are there fails with REST's message, and leaves the upload waiting.
    const early = toolErrorText(await new AttachmentsApi(adminKey).register(registration));
    expect(early).toMatch(/^storageKey: no file has been uploaded under this key/);
    expect(failed(await client.callTool({ name: "register_attachment", arguments: registration }))).toBe(early);

    // Step 2, outside MCP: whoever holds the file PUTs it with exactly the headers answered.
    const put = await fetchSigned(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: bytes });
    expect(put.status, put.bytes.toString()).toBe(200);

    const attachment = ok<ApiAttachment>(await client.callTool({ name: "register_attachment", arguments: registration }));
    expect(attachment).toEqual({
      id: expect.stringMatching(UUID_RE),
      ...on,
      fileName: `Quote ${era}.pdf`,
      contentType: "application/pdf",
      size: bytes.length,
      createdBy: t.users.admin,
      created_at: expect.stringMatching(ISO_MS_RE),
    });
    expect(failed(await client.callTool({ name: "register_attachment", arguments: registration }))).toBe(
      `storageKey: is already registered (attachment ${attachment.id})`,
    );

    const listed = ok<Page<ApiAttachment>>(await client.callTool({ name: "list_attachments", arguments: on }));
    expect(listed).toEqual({ data: [attachment], total: 1, limit: 20, offset: 0 });

    const got = ok<AttachmentWithDownload>(await client.callTool({ name: "get_attachment", arguments: { id: attachment.id } }));
    expect(got).toEqual({ ...attachment, downloadUrl: expect.any(String), expiresAt: expect.stringMatching(ISO_MS_RE) });
    const download = await fetchSigned(got.downloadUrl, { method: "GET" });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.headers.get("content-type")).toBe("application/pdf");

    const deleted = ok<{ id: string; deleted: boolean }>(
      await client.callTool({ name: "delete_attachment", arguments: { id: attachment.id } }),
    );
    expect(deleted).toEqual({ id: attachment.id, deleted: true });
    const gone = `Attachment '${attachment.id}' not found`;
    expect(failed(await client.callTool({ name: "get_attachment", arguments: { id: attachment.id } }))).toBe(gone);
    expect(failed(await client.callTool({ name: "delete_attachment", arguments: { id: attachment.id } }))).toBe(gone);
    expect(ok<Page<ApiAttachment>>(await client.callTool({ name: "list_attachments", arguments: on }))).toEqual({
      data: [],
      total: 0,
      limit: 20,
      offset: 0,
    });
    expect((await fetchSigned(got.downloadUrl, { method: "GET" })).status).toBe(404);
  });

  it("refuses a read-only key's create_attachment_upload_url with REST's errors.apiKeyReadOnly, and lets it list", async () => {
    const key = await bigKey(t, { readOnly: true });
    const announced = { recordId: contact.id, objectApiName: "contact", fileName: "notes.txt", contentType: "text/plain", size: 5 };
    const restError = toolErrorText(await new AttachmentsApi(key).uploadUrl(announced));
    expect(restError).toBe(
      "This credential may only read: it cannot create, change or delete records of this object. (errors.apiKeyReadOnly)",
    );
    const mcp = await connect(key);
    expect(failed(await mcp.callTool({ name: "create_attachment_upload_url", arguments: announced }))).toBe(restError);
    const listed = ok<Page<ApiAttachment>>(
      await mcp.callTool({ name: "list_attachments", arguments: { recordId: contact.id, objectApiName: "contact" } }),
    );
    expect(listed.limit).toBe(20);
  });
});
