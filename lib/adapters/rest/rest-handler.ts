import { credentialFromRequest } from "@/lib/auth/credential-from-request.ts";
import { newRequestId } from "@/lib/ids/uuid-v7.ts";
import { AppError, isAppError } from "@/lib/errors/app-error.ts";
import { isRateLimitedError } from "@/lib/errors/rate-limited.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { apiBaseUrl, publicBaseUrl } from "@/lib/config.ts";
import type { Operation, UploadBinding } from "@/lib/operations/define.ts";
import { isSpooledFile, type SpooledFile } from "@/lib/storage/spooled-file.ts";
import { deprecationHeaders } from "@/lib/operations/deprecation.ts";
import { operationNamed } from "@/lib/operations/registry.ts";
import { takesIdempotencyKey } from "@/lib/operations/idempotency.ts";
import { admit, runOperation, type Admission } from "@/lib/operations/run-operation.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { RateLimitResult } from "@/lib/rate-limit/index.ts";
import { recordRequest } from "@/lib/services/request-log/writer.ts";
import { bearerChallenge, rateLimitHeaders, unauthenticatedAnswer } from "../bearer-challenge.ts";
import type { ApiRequest } from "../api-request.ts";
import { readJsonBody } from "../read-body.ts";
import { isMultipart, readMultipartBody } from "../read-multipart.ts";

/** A JSON body, or for an operation taking a file upload a multipart/form-data one too. */
async function readBody(req: ApiRequest, upload: UploadBinding | undefined): Promise<unknown> {
  if (!upload) return readJsonBody(req);
  if (isMultipart(req)) return readMultipartBody(req, upload);
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(req.headers.get("content-type") ?? ""))
    throw new AppError("unsupported_media_type", "Content-Type must be application/json or multipart/form-data");
  return readJsonBody(req);
}

const spooledFiles = (body: unknown): SpooledFile[] => (body && typeof body === "object" ? Object.values(body).filter(isSpooledFile) : []);

/** A request that sends no body at all: no Content-Type and no length (`curl -X POST` without data). */
const isBodiless = (req: ApiRequest): boolean =>
  !req.headers.get("content-type") && !req.headers.get("transfer-encoding") && Number(req.headers.get("content-length") ?? 0) === 0;
import type { RouteHandler } from "../route-handler.ts";
import { requestInput } from "./request-input.ts";
import { requestOrigin } from "./client-ip.ts";
import { urlPath } from "../url-path.ts";

/** A REST answer before it is a Response: the route layer writes it to the socket as it is. */
export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** One operation served over REST, independent of how the request arrived. */
export type RestCall = (req: ApiRequest, pathParams: Record<string, string | string[]>) => Promise<RestAnswer>;

function json(status: number, body: unknown, headers: Record<string, string>): RestAnswer {
  if (status === 204) return { status, headers, body: null };
  return { status, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify(body) ?? null };
}

/** An error as REST answers it, with the identifier the request log keeps. */
async function errorAnswer(
  err: unknown,
  req: ApiRequest,
  requestId: string,
  rate: RateLimitResult | undefined,
): Promise<RestAnswer & { code: string }> {
  let limit = isRateLimitedError(err) ? err.rateLimit : rate;
  let error = err;
  if (isAppError(err) && err.status === 401) ({ error, limit } = await unauthenticatedAnswer(req, err));
  const { status, body, retryAfter } = toErrorBody(error, requestId);
  const headers: Record<string, string> = {
    "X-Request-Id": requestId,
    "Cache-Control": "no-store",
    ...(limit ? rateLimitHeaders(limit) : {}),
  };
  if (retryAfter !== undefined) headers["Retry-After"] ??= String(retryAfter);
  const challenge = bearerChallenge("/api/v1", error);
  if (challenge) headers["WWW-Authenticate"] = challenge;
  return { ...json(status, body, headers), code: body.code };
}

/** Turns an operation into a Next.js route handler. */
export function rest(op: Operation): RouteHandler {
  return fetchHandler(restCall(op));
}

/** A REST call as a Next.js route handler: Fetch Request in, Response out. */
export function fetchHandler(call: RestCall): RouteHandler {
  return async (req, ctx) => {
    // Next gives a path without dynamic segments no params at all.
    const answer = await call(req, (await ctx.params) ?? {});
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/** The whole REST adapter for one operation: credential, body, input, the shared pipeline, the answer. */
export function restCall(op: Operation): RestCall {
  const http = op.http;
  if (!http) throw new Error(`${op.name} has no HTTP binding`);
  const bodyKey = http.body;
  const deprecated = op.deprecated;
  const replacement = deprecated?.replacement ? operationNamed(deprecated.replacement) : undefined;
  return async (req, pathParams) => {
    const startedAt = performance.now();
    const requestId = newRequestId();
    let rate: RateLimitResult | undefined;
    const onRateLimit = (r: RateLimitResult) => (rate = r);
    // Known once the credential is authenticated: from then on the request is logged (not a 401).
    let principal: Principal | undefined;
    const onPrincipal = (p: Principal) => (principal = p);
    const origin = requestOrigin(req.headers);
    let answer: RestAnswer;
    let code: string | null = null;
    // Files a multipart body brought: removed once the operation answered, whatever it answered.
    let spooled: SpooledFile[] = [];
    try {
      const credential = await credentialFromRequest(req);
      const params = () => requestInput(req, pathParams, op.input);
      let input: () => unknown = params;
      let admitted: Admission | undefined;
      if (bodyKey) {
        // The credential is looked up and charged before one byte of the body is read, so a
        // client without a valid key cannot make the server read (let alone keep) its body.
        admitted = await admit(credential, onRateLimit, onPrincipal);
        const body = http.optionalBody && isBodiless(req) ? undefined : await readBody(req, http.upload);
        spooled = spooledFiles(body);
        input = () => ({ ...params(), [bodyKey]: body });
      }
      const idempotencyKey = takesIdempotencyKey(http.method) ? (req.headers.get("idempotency-key") ?? undefined) : undefined;
      const status = http.status ?? 200;
      const { output, replay } = await runOperation(op, credential, input, {
        requestId,
        onRateLimit,
        idempotencyKey,
        successStatus: status,
        admitted,
        origin,
        onPrincipal,
      });
      const headers: Record<string, string> = {
        "X-Request-Id": requestId,
        "Cache-Control": "no-store",
        ...(rate ? rateLimitHeaders(rate) : {}),
      };
      if (replay) headers["Idempotent-Replayed"] = "true";
      answer =
        http.produces && !replay
          ? { status, headers: { ...headers, "Content-Type": `${http.produces}; charset=utf-8` }, body: String(output) }
          : json(replay?.status ?? status, replay ? replay.body : output, headers);
    } catch (err) {
      ({ code, ...answer } = await errorAnswer(err, req, requestId, rate));
    } finally {
      await Promise.all(spooled.map((f) => f.dispose()));
    }
    // Every answer of a deprecated operation says so, errors included.
    if (deprecated) Object.assign(answer.headers, deprecationHeaders(deprecated, replacement, pathParams, apiBaseUrl(), publicBaseUrl()));
    if (principal) {
      recordRequest(principal, {
        method: http.method,
        path: urlPath(req.url),
        status: answer.status,
        startedAt,
        requestId,
        ip: origin.ip,
        error: code,
      });
    }
    return answer;
  };
}
