import { randomUUID } from "node:crypto";
import { credentialFromRequest } from "@/lib/auth/credential-from-request.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { isRateLimitedError } from "@/lib/errors/rate-limited.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { takesIdempotencyKey } from "@/lib/operations/idempotency.ts";
import { admit, runOperation, type Admission } from "@/lib/operations/run-operation.ts";
import type { RateLimitResult } from "@/lib/rate-limit/index.ts";
import { bearerChallenge, rateLimitHeaders, unauthenticatedAnswer } from "../bearer-challenge.ts";
import type { ApiRequest } from "../api-request.ts";
import { readJsonBody } from "../read-body.ts";

/** A request that sends no body at all: no Content-Type and no length (`curl -X POST` without data). */
const isBodiless = (req: ApiRequest): boolean =>
  !req.headers.get("content-type") && !req.headers.get("transfer-encoding") && Number(req.headers.get("content-length") ?? 0) === 0;
import type { RouteHandler } from "../route-handler.ts";
import { requestInput } from "./request-input.ts";
import { requestOrigin } from "./client-ip.ts";

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

async function errorAnswer(err: unknown, req: ApiRequest, requestId: string, rate: RateLimitResult | undefined): Promise<RestAnswer> {
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
  return json(status, body, headers);
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
  return async (req, pathParams) => {
    const requestId = randomUUID();
    let rate: RateLimitResult | undefined;
    const onRateLimit = (r: RateLimitResult) => (rate = r);
    try {
      const credential = await credentialFromRequest(req);
      const params = () => requestInput(req, pathParams, op.input);
      let input: () => unknown = params;
      let admitted: Admission | undefined;
      if (bodyKey) {
        // The credential is looked up and charged before one byte of the body is read, so a
        // client without a valid key cannot make the server read (let alone keep) its body.
        admitted = await admit(credential, onRateLimit);
        const body = http.optionalBody && isBodiless(req) ? undefined : await readJsonBody(req);
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
        origin: requestOrigin(req.headers),
      });
      const headers: Record<string, string> = {
        "X-Request-Id": requestId,
        "Cache-Control": "no-store",
        ...(rate ? rateLimitHeaders(rate) : {}),
      };
      if (replay) headers["Idempotent-Replayed"] = "true";
      return json(replay?.status ?? status, replay ? replay.body : output, headers);
    } catch (err) {
      return errorAnswer(err, req, requestId, rate);
    }
  };
}
