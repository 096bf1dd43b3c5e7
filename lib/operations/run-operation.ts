import { authenticate } from "@/lib/auth/authenticate.ts";
import type { Credential } from "@/lib/auth/credential.ts";
import { loadPrincipal } from "@/lib/auth/load-principal.ts";
import { assertOperationScope } from "@/lib/auth/access.ts";
import { rateLimitKey, type Principal } from "@/lib/auth/principal.ts";
import { withTenantSql, type SqlTx } from "@/lib/db/tenant.ts";
import { RateLimitedError } from "@/lib/errors/rate-limited.ts";
import { getRateLimiter, type RateLimitResult } from "@/lib/rate-limit/index.ts";
import { recordAudit, type RequestOrigin } from "@/lib/services/audit/audit-log.ts";
import { unsafeKeyPath } from "@/lib/schemas/names.ts";
import type { Operation } from "./define.ts";
import { requestFingerprint, reserveIdempotencyKey } from "./idempotency.ts";
import { ZodError, type z } from "zod";

/** Validation paths as the client sees them: fields of the JSON body without the body's key. */
function parseInput<I extends z.ZodType>(op: Operation<I>, raw: unknown): z.output<I> {
  const reserved = unsafeKeyPath(raw);
  const result = reserved ? undefined : op.input.safeParse(raw);
  if (result?.success) return result.data;
  const issues = result?.error.issues ?? [{ code: "custom" as const, path: reserved!, message: "is a reserved name", input: raw }];
  const bodyKey = op.http?.body;
  throw new ZodError(bodyKey ? issues.map((i) => (i.path[0] === bodyKey ? { ...i, path: i.path.slice(1) } : i)) : issues);
}

/** Hands the operation's first read to the transaction, to ride with the credential lookup. */
function prefetch(op: Operation, tx: SqlTx, tenantId: string, rawInput: () => unknown): void {
  if (!op.prefetch || !tx.prefetch) return;
  let raw: unknown;
  try {
    raw = rawInput();
  } catch {
    return; // reported after authentication, as always
  }
  const ahead = raw && typeof raw === "object" ? op.prefetch(tenantId, raw as Record<string, unknown>) : undefined;
  if (ahead) tx.prefetch(ahead);
}

export interface OperationOutcome<O> {
  output: O;
  principal: Principal;
  /** Set when an Idempotency-Key repeated an earlier request: its stored status and body. */
  replay?: { status: number; body: unknown };
}

/** Spends one unit of the principal's bucket (one per credential, shared by every surface). */
export async function spendRateLimit(
  principal: Principal,
  onRateLimit?: (r: RateLimitResult) => void,
): Promise<RateLimitResult | undefined> {
  const bucket = rateLimitKey(principal);
  if (!bucket) return undefined;
  const result = await getRateLimiter().consume(bucket.key, bucket.limit);
  onRateLimit?.(result);
  if (!result.allowed) throw new RateLimitedError(result);
  return result;
}

/** A credential that was authenticated and charged to its bucket before the operation runs. */
export interface Admission {
  principal: Principal;
}

/**
 * Authenticates the credential (a database lookup) and spends its rate limit: what must happen
 * before a single byte of a request body is read. Admission stays beside runOperation, not in
 * lib/auth: it is the pipeline's first two steps, which runOperation repeats inline when not admitted.
 */
export async function admit(
  credential: Credential,
  onRateLimit?: (r: RateLimitResult) => void,
  onPrincipal?: (p: Principal) => void,
): Promise<Admission> {
  const principal = await authenticate(credential);
  onPrincipal?.(principal);
  await spendRateLimit(principal, onRateLimit);
  return { principal };
}

/**
 * The pipeline every surface shares, in one tenant transaction:
 * authenticate → rate limit (one bucket per credential) → parse input → authorize → run → serialize.
 * `onRateLimit` receives the bucket state as soon as it is known, so errors carry the headers too.
 * Without `admitted`, authentication and the rate limit happen here, in the operation's transaction.
 */
export async function runOperation<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  credential: Credential,
  /** Called after authentication, so a bad body never hides a 401 (it may throw). */
  rawInput: () => unknown,
  meta: {
    requestId: string;
    onRateLimit?: (r: RateLimitResult) => void;
    idempotencyKey?: string;
    successStatus?: number;
    /** Set when the surface authenticated the credential and spent its rate limit already (bodies, MCP tool calls). */
    admitted?: Admission;
    /** Where the request came from, for the audit log. */
    origin?: RequestOrigin;
    /** Told who calls as soon as the credential is authenticated, whatever happens next (the request log). */
    onPrincipal?: (p: Principal) => void;
  },
): Promise<OperationOutcome<z.output<O>>> {
  const body = async (tx: SqlTx): Promise<OperationOutcome<z.output<O>>> => {
    let principal: Principal;
    if (meta.admitted) principal = meta.admitted.principal;
    else {
      prefetch(op, tx, credential.tenantId, rawInput);
      principal = await loadPrincipal(tx, credential);
      meta.onPrincipal?.(principal);
      await spendRateLimit(principal, meta.onRateLimit);
    }
    const raw = rawInput();
    const input = parseInput(op, raw);
    assertOperationScope(principal, op.scope);
    op.authorize(principal, input);
    const idem =
      meta.idempotencyKey !== undefined && principal.credential.kind === "api_key"
        ? await reserveIdempotencyKey(tx, principal.tenantId, principal.credential.id, meta.idempotencyKey, requestFingerprint(raw))
        : undefined;
    if (idem && "replay" in idem) return { output: idem.replay.body as z.output<O>, principal, replay: idem.replay };
    const output = op.output.parse(await op.run({ tx, principal, requestId: meta.requestId }, input));
    for (const entry of [op.audit?.(input, output) ?? []].flat()) await recordAudit(tx, principal, meta.origin ?? null, entry);
    if (idem) await idem.store(meta.successStatus ?? 200, output);
    return { output, principal };
  };
  return withTenantSql(credential.tenantId, body);
}
