import { randomUUID } from "node:crypto";
import { signedInCredential } from "@/lib/adapters/next-auth/session-user.ts";
import { AppError } from "@/lib/errors/app-error.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { getAttachmentOp } from "@/lib/operations/attachments/get-attachment.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";

/** Refusals as the API answers them: JSON from the error table (an id that is no uuid is a 400, as on GET /api/v1/attachments/{id}). */
function refusal(err: unknown, requestId: string): Response {
  const { status, body, retryAfter } = toErrorBody(err, requestId);
  const headers: Record<string, string> = { "Cache-Control": "no-store", "X-Request-Id": requestId };
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return Response.json(body, { status, headers });
}

/**
 * A download link on the record page: signs a fresh 5-minute URL for the signed-in user (as GET
 * /api/v1/attachments/{id} does) and sends the browser there, so a page left open never shows a
 * stale link.
 */
export async function GET(_req: Request, ctx: { params: Promise<{ attachmentId: string }> }): Promise<Response> {
  const requestId = randomUUID();
  const credential = await signedInCredential();
  if (!credential) return refusal(new AppError("unauthenticated", "Sign in first"), requestId);
  const { attachmentId } = await ctx.params;
  try {
    const { output } = await runOperation(getAttachmentOp, credential, () => ({ id: attachmentId }), { requestId });
    return new Response(null, {
      status: 302,
      headers: { Location: output.downloadUrl, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  } catch (err) {
    return refusal(err, requestId);
  }
}
