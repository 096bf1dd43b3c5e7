import Link from "next/link";
import { notFound } from "next/navigation";
import { query } from "@/lib/adapters/actions/session-operation.ts";
import { requestLogRetentionDays } from "@/lib/config.ts";
import { isUuid } from "@/lib/ids/uuid.ts";
import { listRequestLogOp } from "@/lib/operations/audit/list-request-log.ts";
import { listInstalledOp } from "@/lib/operations/oauth-apps/manage-apps.ts";
import { RequestLogView } from "@/components/settings/request-log-view.tsx";
import { requestLogPageFilter, requestLogQuery } from "@/components/settings/request-log-filter.ts";
import { adminsOnly } from "../../../webhooks/admins-only.ts";

export const metadata = { title: "App requests" };

const PAGE = 50;

/** Settings → Apps → an app or agent connection → Requests (admins): what its tokens did, in every person's name. */
export default async function AppRequestsPage(p: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await adminsOnly();
  const [{ id }, search] = await Promise.all([p.params, p.searchParams]);
  if (!isUuid(id)) notFound();
  const app = (await query(listInstalledOp, {})).data.find((g) => g.appId === id);
  if (!app) notFound();
  const filter = requestLogPageFilter(search);
  const log = await query(listRequestLogOp, { ...requestLogQuery(filter, search.after), appId: id, limit: PAGE });
  return (
    <>
      <p>
        <Link href="/settings/apps">← Apps</Link>
      </p>
      <h1>Requests of {app.appName}</h1>
      <p className="lead">
        Every API and MCP request made with this {app.kind === "agent" ? "agent connection" : "app"}&apos;s tokens, for everyone who
        connected it, newest first, kept {requestLogRetentionDays()} days (<code>REQUEST_LOG_RETENTION_DAYS</code>). Lines show a moment
        after their request. Also at <code>GET /api/v1/request-log?appId={id}</code>.
      </p>
      <RequestLogView label={`Requests of ${app.appName}`} filter={filter} lines={log.data} next={log.next_starting_after} />
    </>
  );
}
