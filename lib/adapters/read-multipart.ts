import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import busboy from "busboy";
import { AppError, invalid } from "@/lib/errors/app-error.ts";
import type { UploadBinding } from "@/lib/operations/define.ts";
import { SpooledFile } from "@/lib/storage/spooled-file.ts";
import type { ApiRequest } from "./api-request.ts";
import { discardRest } from "./read-body.ts";

/** What a form may carry besides its file: a few short fields (options such as a JSON mapping). */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 256 * 1024;
/** Boundaries, part headers and those fields: the body may exceed the file's cap by this much. */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

export const isMultipart = (req: ApiRequest): boolean => /^multipart\/form-data\b/i.test(req.headers.get("content-type") ?? "");

const tooLarge = (upload: UploadBinding, max: number) =>
  new AppError("payload_too_large", `Request body too large: the limit of ${upload.part} is ${max} bytes (${upload.limitName})`);

/** A form field as the operation's input takes it: JSON parts parsed (a mapping is an object there, a string here). */
function fieldValue(upload: UploadBinding, name: string, value: string): unknown {
  if (!upload.jsonParts?.includes(name)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw invalid(`${name}: must be JSON`, [{ path: name, message: "must be JSON" }]);
  }
}

/**
 * A multipart/form-data body, read as a stream after the credential was checked: the file part
 * `upload.part` is written to a temporary file (SpooledFile) as it arrives, counted against its
 * cap (413 past it, the rest of the body discarded, nothing kept), never held in memory; the other
 * parts become fields. A file part of another name, a second file or too many fields is a 400.
 */
export async function readMultipartBody(req: ApiRequest, upload: UploadBinding): Promise<Record<string, unknown>> {
  const max = upload.maxBytes();
  const cap = max + FORM_OVERHEAD_BYTES;
  if (Number(req.headers.get("content-length") ?? 0) > cap || !req.body) {
    if (req.body) discardRest(req.body.getReader());
    if (!req.body) throw invalid("The multipart body is empty");
    throw tooLarge(upload, max);
  }
  const reader = req.body.getReader();
  const spool = await SpooledFile.create();
  let form: busboy.Busboy;
  try {
    form = busboy({
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      defParamCharset: "utf8",
    });
  } catch {
    discardRest(reader);
    await spool.discard();
    throw invalid("The multipart body could not be read: its Content-Type names no boundary");
  }
  let refusal: unknown;
  const fields: Record<string, unknown> = {};
  let written: Promise<SpooledFile> | undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    const refuse = (err: unknown) => {
      refusal ??= err;
      reject(refusal);
    };
    form.on("field", (name, value, info) => {
      if (info.valueTruncated) return refuse(invalid(`${name}: at most ${MAX_FIELD_BYTES} bytes`));
      try {
        fields[name] = fieldValue(upload, name, value);
      } catch (err) {
        refuse(err);
      }
    });
    form.on("file", (name, stream, info) => {
      if (name !== upload.part) {
        stream.resume();
        return refuse(invalid(`${name}: no file is expected under this name; send the file as the part '${upload.part}'`));
      }
      let size = 0;
      const hash = createHash("sha256");
      const out = createWriteStream(spool.path, { flags: "wx", mode: 0o600 });
      written = new Promise<SpooledFile>((done, fail) => {
        out.once("finish", () => done(spool.finish(size, info.filename ?? "", info.mimeType, hash.digest("hex"))));
        out.once("error", fail);
        stream.once("error", fail);
      });
      written.catch(refuse);
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        hash.update(chunk);
        if (size > max) {
          stream.unpipe(out);
          out.destroy();
          stream.resume();
          refuse(tooLarge(upload, max));
        }
      });
      stream.pipe(out);
    });
    for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const)
      form.on(limit, () => refuse(invalid(`The form may hold one file ('${upload.part}') and at most ${MAX_FIELDS} fields`)));
    form.on("error", () => refuse(invalid("The multipart body could not be read")));
    form.on("close", resolve);
  });
  parsed.catch(() => undefined);
  try {
    let total = 0;
    for (;;) {
      if (refusal) throw refusal;
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) throw tooLarge(upload, max);
      if (!form.write(value)) await Promise.race([new Promise((resolve) => form.once("drain", resolve)), parsed]);
    }
    form.end();
    await parsed;
    const file = await written;
    if (!file) await spool.discard();
    return file ? { ...fields, [upload.part]: file } : fields;
  } catch (err) {
    discardRest(reader);
    form.destroy();
    await spool.discard();
    throw err;
  }
}
