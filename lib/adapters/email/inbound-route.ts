import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { readBodyBytes } from "@/lib/adapters/read-body.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { inboundSecret } from "@/lib/services/email/mail-config.ts";
import { receiveInboundEmail } from "@/lib/services/flows/inbound-reply.ts";

/** A reply with its attachments; providers cap inbound mail at 20–30 MB, and a reply is matched on its header alone. */
export const MAX_INBOUND_BYTES = 10 * 1024 * 1024;
/** The form fields providers put the raw message in: SendGrid ("Send raw"), Mailgun (store and notify). */
const RAW_FIELDS = ["email", "body-mime"];

const INVALID_SECRET = "Invalid inbound email secret: send EMAIL_INBOUND_SECRET as a Bearer token or as the Basic password";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Bearer <secret>, or Basic with the secret as password (providers put user:secret@ in the URL they call). */
function presentedSecret(req: Request): string | null {
  const auth = req.headers.get("authorization") ?? "";
  const bearer = /^Bearer ([\x21-\x7e]{1,512})$/.exec(auth);
  if (bearer) return bearer[1]!;
  const basic = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(auth);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 ? decoded.slice(colon + 1) : null;
}

function authorized(req: Request): boolean {
  const presented = presentedSecret(req);
  return presented !== null && timingSafeEqual(digest(presented), digest(inboundSecret()));
}

/** The raw MIME message: the body itself, or the provider's form field holding it. */
async function rawMessage(req: Request, body: Buffer): Promise<Buffer> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) return body;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("invalid_request", "The multipart body could not be read");
  }
  for (const name of RAW_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") return Buffer.from(value, "utf8");
    if (value) return Buffer.from(await value.arrayBuffer());
  }
  throw new AppError("invalid_request", `The form has no raw message: send it in a field named ${RAW_FIELDS.join(" or ")}`);
}

/**
 * POST /api/v1/email/inbound: a mail provider's inbound-parse webhook delivering a reply as raw
 * MIME (message/rfc822 or any type as the body, or multipart/form-data with the message in
 * `email` or `body-mime`). The secret is checked before the body is read. 200 with what it
 * matched, also when nothing matched (a provider must not retry mail that is not a reply of ours).
 */
export const inboundEmailPost = publicRoute(async (req: Request) => {
  const requestId = randomUUID();
  const headers = { "Cache-Control": "no-store", "X-Request-Id": requestId };
  try {
    if (!authorized(req)) {
      // The same error body as every other refusal (error, message, code, requestId).
      const { body } = toErrorBody(new AppError("invalid_credential", INVALID_SECRET), requestId);
      return Response.json(body, {
        status: 401,
        headers: { ...headers, "WWW-Authenticate": 'Basic realm="email-inbound", charset="UTF-8"' },
      });
    }
    const raw = await rawMessage(req, await readBodyBytes(req, MAX_INBOUND_BYTES));
    if (!raw.length) throw new AppError("invalid_request", "The body is empty: send the raw MIME message");
    return Response.json(await receiveInboundEmail(raw), { status: 200, headers });
  } catch (err) {
    const { status, body, retryAfter } = toErrorBody(err, requestId);
    return Response.json(body, { status, headers: retryAfter === undefined ? headers : { ...headers, "Retry-After": String(retryAfter) } });
  }
});
