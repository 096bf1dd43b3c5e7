import { randomUUID } from "node:crypto";
import { sessionCredential } from "@/lib/adapters/actions/session-operation.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { listAuditLogOp } from "@/lib/operations/audit/list-audit-log.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import type { AuditEntryOut } from "@/lib/schemas/audit.ts";
import { auditCsv } from "@/lib/services/audit/audit-query.ts";
import { auditPageFilter, auditQuery } from "../filter.ts";

/** The most one export holds; narrower filters (dates) get the rest. */
const MAX_ROWS = 10_000;
const PAGE = 100;

/**
 * GET /settings/audit-log/export: the entries the page's filters select, newest first, as CSV
 * (admins; the same operation as the page and the API, page by page).
 */
export async function GET(req: Request): Promise<Response> {
  const credential = await sessionCredential();
  const filter = auditQuery(auditPageFilter(Object.fromEntries(new URL(req.url).searchParams)));
  const entries: AuditEntryOut[] = [];
  let after: string | undefined;
  try {
    while (entries.length < MAX_ROWS) {
      const input = { ...filter, limit: PAGE, starting_after: after };
      const { output } = await runOperation(listAuditLogOp, credential, () => input, { requestId: randomUUID() });
      entries.push(...output.data);
      if (!output.has_more) break;
      after = output.data.at(-1)!.id;
    }
  } catch (err) {
    const { status, body } = toErrorBody(err, randomUUID());
    return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(auditCsv(entries.slice(0, MAX_ROWS)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
