import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import type { z } from "zod";
import type { SessionCredentialInput } from "@/lib/auth/credential.ts";
import { signedInCredential } from "@/lib/adapters/next-auth/session-user.ts";
import { isAppError, type ErrorDetail } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import type { Operation } from "@/lib/operations/define.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import { requestOrigin } from "../rest/client-ip.ts";
import { formDetails } from "./form-details.ts";

/**
 * The browser surface of the pipeline: pages and server actions run operations as the signed-in
 * user; the operation's credential lookup checks that the session still stands.
 */
export async function sessionCredential(): Promise<SessionCredentialInput> {
  const credential = await signedInCredential();
  if (!credential) redirect("/login");
  return credential;
}

/**
 * For server components: the operation's output; a lost session goes back to the login page, and an
 * unknown id in the URL, or what the role may not see, is the page's 404 (the nearest
 * not-found.tsx), not a server error.
 */
export async function query<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: z.input<I>,
  /** "throw": the page explains a refusal itself (the 403 AppError is thrown to it). */
  options: { forbidden?: "not-found" | "throw" } = {},
): Promise<z.output<O>> {
  const credential = await sessionCredential();
  try {
    return (await runOperation(op, credential, () => input, { requestId: randomUUID() })).output;
  } catch (err) {
    if (isAppError(err) && err.status === 401) redirect("/login");
    // What the role may not see is not there, for pages as for the API: the same 404 page, so a
    // page never tells apart an object that exists from one that does not.
    if (isAppError(err) && (err.status === 404 || (err.status === 403 && options.forbidden !== "throw"))) notFound();
    throw err;
  }
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; details?: ErrorDetail[] };
/** What a form's server action returns (React's useActionState starts it at null). */
export type FormState<T = unknown> = ActionResult<T> | null;

/**
 * For server actions: errors come back as data so forms can show them next to the inputs, every
 * field error with the path of its input (form-details.ts; `fieldsUnder` as there).
 */
export async function act<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: unknown,
  options: { fieldsUnder?: string } = {},
): Promise<ActionResult<z.output<O>>> {
  const credential = await sessionCredential();
  const requestId = randomUUID();
  try {
    const origin = requestOrigin(await headers());
    return { ok: true, data: (await runOperation(op, credential, () => input, { requestId, origin })).output };
  } catch (err) {
    if (isAppError(err) && err.status === 401) redirect("/login");
    const { body } = toErrorBody(err, requestId);
    // Screens show the sentence: `error` may be an identifier (errors.permissionDenied) meant for programs.
    return { ok: false, error: body.message, details: formDetails(body, options.fieldsUnder) };
  }
}

/**
 * For the parts of a page that explain a refusal themselves (a record page's panel the role may not
 * read says so, and the rest of the page shows): the outcome as data, as a server action gets it,
 * with the input typed as the operation's. A lost session still goes back to the login page.
 */
export function queryResult<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  input: z.input<I>,
): Promise<ActionResult<z.output<O>>> {
  return act(op, input);
}
