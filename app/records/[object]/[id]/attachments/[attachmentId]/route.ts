import { randomUUID } from "node:crypto";
import { auth } from "@/lib/adapters/next-auth/next-auth.ts";
import { isAppError } from "@/lib/errors/app-error.ts";
import { getAttachmentOp } from "@/lib/operations/attachments/get-attachment.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";

/**
 * A download link on the record page: signs a fresh 5-minute URL for the signed-in user (as GET
 * /api/v1/attachments/{id} does) and sends the browser there, so a page left open never shows a
 * stale link.
 */
export async function GET(_req: Request, ctx: { params: Promise<{ attachmentId: string }> }): Promise<Response> {
  const session = await auth();
  if (!session?.user?.tenantId || !session.user.id) return new Response("Sign in first", { status: 401 });
  const { attachmentId } = await ctx.params;
  const credential = { kind: "session" as const, tenantId: session.user.tenantId, userId: session.user.id };
  try {
    const { output } = await runOperation(getAttachmentOp, credential, () => ({ id: attachmentId }), { requestId: randomUUID() });
    return new Response(null, {
      status: 302,
      headers: { Location: output.downloadUrl, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  } catch (err) {
    if (isAppError(err) && err.status < 500) return new Response(err.message, { status: err.status });
    throw err;
  }
}
