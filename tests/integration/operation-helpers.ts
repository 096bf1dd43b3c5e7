import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Credential } from "@/lib/auth/credential.ts";
import type { ErrorDetail } from "@/lib/errors/app-error.ts";
import type { ErrorCode } from "@/lib/errors/error-table.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import type { TestTenant } from "../helpers/fixtures.ts";

/** What a surface would answer: the output, or the status and body the error mapper produces. */
export type OpResult<T> =
  { ok: true; status: 200; output: T } | { ok: false; status: number; code: ErrorCode; error: string; details?: ErrorDetail[] };

export type Role = keyof TestTenant["users"];

/**
 * The credential a signed-in browser user presents (what sessionCredential() builds): a session
 * begun at the user's first version, unless `sessionVersion` says otherwise.
 */
export function session(t: TestTenant, role: Role = "admin", sessionVersion = 0): Extract<Credential, { kind: "session" }> {
  return { kind: "session", tenantId: t.tenantId, userId: t.users[role], sessionVersion };
}

/** Runs an operation through the shared pipeline and maps errors exactly as REST and actions do. */
export async function runAs<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  credential: Credential,
  input: z.input<I> | Record<string, unknown>,
): Promise<OpResult<z.output<O>>> {
  const requestId = randomUUID();
  try {
    const { output } = await runOperation(op, credential, () => input, { requestId });
    return { ok: true, status: 200, output };
  } catch (err) {
    const { status, body } = toErrorBody(err, requestId);
    return { ok: false, status, code: body.code, error: body.error, details: body.details };
  }
}

/** Unwraps a successful result; a failure fails the test with the error it carried. */
export function expectOk<T>(r: OpResult<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${r.status} ${r.code}: ${r.error}`);
  return r.output;
}

/** The status and message of a failed result, for one-line assertions. */
export function failure<T>(r: OpResult<T>): { status: number; error: string } {
  return r.ok ? { status: r.status, error: "(succeeded)" } : { status: r.status, error: r.error };
}
