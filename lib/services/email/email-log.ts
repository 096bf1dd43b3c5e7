import type { SqlTx } from "@/lib/db/tenant.ts";

export interface EmailLogEntry {
  id: string;
  messageId: string;
  kind: string;
  to: string;
  subject: string;
  state: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The plain-text part, as sent (or as it would be). */
  text: string;
}

/** The tenant's email, newest first, with the exact total. */
export async function listEmail(
  tx: SqlTx,
  tenantId: string,
  page: { limit: number; offset: number },
): Promise<{ data: EmailLogEntry[]; total: number }> {
  // ORDER BY names the table's id: a bare `id` would be the select list's id::text, which no index orders.
  const rows = await tx.$queryRaw<
    (Omit<EmailLogEntry, "created_at" | "sent_at"> & { created_at: Date; sent_at: Date | null; total: number })[]
  >`
    SELECT id::text, message_id AS "messageId", kind, to_address AS "to", subject, state, error, created_at, sent_at,
           left(text_body, 20000) AS text, count(*) OVER ()::int AS total
    FROM email_message WHERE tenant_id = ${tenantId}::uuid
    ORDER BY created_at DESC, email_message.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM email_message WHERE tenant_id = ${tenantId}::uuid`;
    total = row?.n ?? 0;
  }
  return {
    data: rows.map(({ total: _total, created_at, sent_at, ...r }) => ({
      ...r,
      created_at: created_at.toISOString(),
      sent_at: sent_at?.toISOString() ?? null,
    })),
    total,
  };
}
