import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { currentUserOp } from "@/lib/operations/session/current-user.ts";

/** Webhooks are for people allowed to manage settings (spec 5.5): anyone else finds no page here. */
export async function adminsOnly(): Promise<void> {
  if (!(await query(currentUserOp, {})).isAdmin) notFound();
}
