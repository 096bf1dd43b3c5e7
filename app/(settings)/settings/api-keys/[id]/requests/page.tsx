import Link from "next/link";
import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { requestLogRetentionDays } from "@/lib/config.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listApiKeysOp } from "@/lib/operations/api-keys/manage-api-keys.ts";
import { listRequestLogOp } from "@/lib/operations/audit/list-request-log.ts";
import { RequestLogView } from "@/components/settings/request-log-view.tsx";
import { requestLogPageFilter, requestLogQuery } from "@/components/settings/request-log-filter.ts";
import { adminsOnly } from "../../../webhooks/admins-only.ts";

export const metadata = { title: "API key requests" };

const PAGE = 50;

/** Settings → API keys → a key → Requests (admins): what the key was used for, newest first, as Stripe's request logs. */
export default async function ApiKeyRequestsPage(p: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await adminsOnly();
  const [{ id }, search] = await Promise.all([p.params, p.searchParams]);
  if (!isUuid(id)) notFound();
  const key = (await query(listApiKeysOp, {})).data.find((k) => k.id === id);
  if (!key) notFound();
  const filter = requestLogPageFilter(search);
  const log = await query(listRequestLogOp, { ...requestLogQuery(filter, search.after), keyId: id, limit: PAGE });
  return (
    <>
      <p>
        <Link href="/settings/api-keys">← API keys</Link>
      </p>
      <h1>Requests of “{key.name}”</h1>
      <p className="lead">
        Every API and MCP request made with <span className="mono">{key.prefix}…</span>, newest first, kept {requestLogRetentionDays()} days
        (<code>REQUEST_LOG_RETENTION_DAYS</code>). An error&apos;s <code>requestId</code> finds its request. Lines show a moment after their
        request. Also at <code>GET /api/v1/request-log?keyId={id}</code>.
      </p>
      <RequestLogView label={`Requests of ${key.name}`} filter={filter} lines={log.data} next={log.next_starting_after} />
    </>
  );
}
