import { notFound, redirect } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { publicBaseUrl } from "@/lib/config.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listMarketplaceOp } from "@/lib/operations/oauth-apps/manage-apps.ts";

/**
 * The marketplace's Install: the user goes to the app's initiate_login_uri (OpenID Connect Core 4,
 * "Initiating Login from a Third Party") with our issuer, and the app starts its own authorization
 * request from there — with its PKCE verifier and state, as any connection starts — so installing
 * goes through the same consent screen, scopes and all.
 */
export default async function InstallAppPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const app = (await query(listMarketplaceOp, {})).data.find((a) => a.id === id);
  if (!app?.initiateLoginUri) notFound();
  const target = new URL(app.initiateLoginUri);
  target.searchParams.set("iss", publicBaseUrl());
  redirect(target.toString());
}
