import { aborted, pinnedRequest } from "@/lib/net/pinned-request.ts";
import { DestinationRefused, DestinationUnresolved, resolveDestination, type Resolver } from "@/lib/net/destination.ts";

/** Spec §6.2.3: the most a delivery may take, DNS to the last byte read. */
export const DELIVERY_TIMEOUT_MS = 4_000;
/** How much of a receiver's answer is kept for the log; the rest is never read. */
export const RESPONSE_HEAD_BYTES = 1_024;

/** What the delivery log shows instead of a status when there is none (or, for a 3xx, beside it). */
export type DeliveryError = "timeout" | "dns_failure" | "refused_destination" | "connection_error" | "tls_error" | "redirect_not_followed";

export interface DeliveryOutcome {
  /** The receiver's status code; null when no answer came. */
  status: number | null;
  error: DeliveryError | null;
  /** Why, in words, for the log's detail (never shown to the receiver). */
  detail: string | null;
  durationMs: number;
  /** The first RESPONSE_HEAD_BYTES of the answer's body, as text. */
  responseHead: string;
}

export interface SendOptions {
  resolve?: Resolver;
  timeoutMs?: number;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

function classify(err: unknown, timedOut: boolean): { error: DeliveryError; detail: string } {
  if (timedOut) return { error: "timeout", detail: "No complete answer within the time limit" };
  if (err instanceof DestinationRefused) return { error: "refused_destination", detail: err.message };
  if (err instanceof DestinationUnresolved) return { error: "dns_failure", detail: err.message };
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? "";
  const message = err instanceof Error ? err.message : String(err);
  if (TLS_CODE.test(code)) return { error: "tls_error", detail: `${code}: ${message}` };
  return { error: "connection_error", detail: code ? `${code}: ${message}` : message };
}

/**
 * One POST of `body` (the exact bytes that were signed) to a webhook URL: the URL checked and its
 * name resolved once (destination.ts), the connection pinned to that address with the name kept
 * for Host and TLS SNI, no redirect followed, everything inside `timeoutMs`, the answer read only
 * up to RESPONSE_HEAD_BYTES. Never throws: every failure is an outcome for the log.
 */
export async function sendDelivery(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  o: SendOptions = {},
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(o.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  const done = (outcome: Omit<DeliveryOutcome, "durationMs">): DeliveryOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const dest = await Promise.race([resolveDestination(url, o.resolve), aborted(timeout)]);
    const answer = await pinnedRequest(dest, { method: "POST", headers, body, signal: timeout, maxBytes: RESPONSE_HEAD_BYTES });
    const { status } = answer;
    const head = answer.body.toString("utf8");
    const redirect = status >= 300 && status < 400;
    return done({
      status,
      error: redirect ? "redirect_not_followed" : null,
      detail: redirect ? "Redirects are not followed" : null,
      responseHead: head,
    });
  } catch (err) {
    return done({ status: null, ...classify(err, timeout.aborted), responseHead: "" });
  }
}
