import type { RouteContext } from "@/lib/adapters/route-handler.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { unsubscribe } from "@/lib/services/unsubscribe/unsubscribe.ts";
import { MAX_TOKEN_LENGTH, readUnsubscribeToken } from "@/lib/services/email/unsubscribe-token.ts";

const noStore = { "Cache-Control": "no-store" };

async function tokenOf(ctx: RouteContext): Promise<string> {
  const raw = (await ctx.params).token;
  return typeof raw === "string" && raw.length <= MAX_TOKEN_LENGTH ? raw : "";
}

/**
 * POST /api/unsubscribe/{token}: RFC 8058 one-click unsubscribe (a mail client posts
 * `List-Unsubscribe=One-Click`; the body says nothing more, so it is not read), and the
 * confirmation page's button. The token is the credential: signed, one per recipient. A browser
 * form goes back to the page, which now says so; a mail client gets 200.
 */
export const unsubscribePost = publicRoute(async (req: Request, ctx: RouteContext) => {
  const token = await tokenOf(ctx);
  const done = token ? await unsubscribe(token) : null;
  if (!done) return Response.json({ error: "This unsubscribe link is not valid" }, { status: 404, headers: noStore });
  if (req.headers.get("sec-fetch-mode") === "navigate")
    return new Response(null, { status: 303, headers: { ...noStore, Location: `/unsubscribe/${encodeURIComponent(token)}` } });
  return Response.json({ unsubscribed: true, address: done.address }, { status: 200, headers: noStore });
});

/** GET of the one-click address (a person pasting it): the confirmation page. */
export const unsubscribeGet = publicRoute(async (_req: Request, ctx: RouteContext) => {
  const token = await tokenOf(ctx);
  if (!readUnsubscribeToken(token))
    return Response.json({ error: "This unsubscribe link is not valid" }, { status: 404, headers: noStore });
  return new Response(null, { status: 303, headers: { ...noStore, Location: `/unsubscribe/${encodeURIComponent(token)}` } });
});
