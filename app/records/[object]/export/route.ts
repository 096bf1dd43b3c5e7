import { randomUUID } from "node:crypto";
import { sessionCredential } from "@/lib/adapters/actions/session-operation.ts";
import { toErrorBody } from "@/lib/errors/to-response.ts";
import { describeObjectOp } from "@/lib/operations/objects/describe-object.ts";
import { listRecordsOp } from "@/lib/operations/records/list-records.ts";
import { runOperation } from "@/lib/operations/run-operation.ts";
import { csvLine } from "@/lib/services/csv/csv-cell.ts";
import { parseListView } from "../list-view.ts";

/** Rows per read, and the most one export holds (a narrower filter gets the rest). */
const PAGE = 500;
export const MAX_EXPORT_ROWS = 100_000;

const cell = (v: unknown): string => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));

/**
 * GET /records/{object}/export: the list's view (its search, filters, order, trash) as CSV,
 * streamed page by page through the same operation as the list and the API. Columns are the API's
 * names (id, each field's apiName, owner_id, created_at, updated_at), so the file imports back.
 */
export async function GET(req: Request, { params }: { params: Promise<{ object: string }> }): Promise<Response> {
  const credential = await sessionCredential();
  const { object } = await params;
  const query = new URL(req.url).searchParams;
  const view = parseListView(Object.fromEntries([...new Set(query.keys())].map((k) => [k, query.getAll(k)])));
  const page = (offset: number) =>
    runOperation(
      listRecordsOp,
      credential,
      () => ({
        object,
        limit: PAGE,
        offset,
        search: view.search || undefined,
        order: view.order || undefined,
        filter: view.filters,
        trashed: view.trash,
      }),
      { requestId: randomUUID() },
    );
  let fields: string[];
  let first: Awaited<ReturnType<typeof page>>["output"];
  try {
    // The first page answers before anything is sent: a refusal is a JSON error, not half a file.
    const described = await runOperation(describeObjectOp, credential, () => ({ apiName: object }), { requestId: randomUUID() });
    fields = described.output.fields.filter((f) => f.type !== "formula" && f.type !== "rollup").map((f) => f.apiName);
    first = (await page(0)).output;
  } catch (err) {
    const { status, body } = toErrorBody(err, randomUUID());
    return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
  }
  const columns = ["id", ...fields, "owner_id", "created_at", "updated_at"];
  const total = Math.min(first.total, MAX_EXPORT_ROWS);
  const encoder = new TextEncoder();
  let offset = 0;
  let rows = first.data;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(columns)));
    },
    // One page per pull: a slow download reads the database no faster than it is taken.
    async pull(controller) {
      const take = rows.slice(0, total - offset);
      controller.enqueue(encoder.encode(take.map((r) => csvLine(columns.map((c) => cell(r[c])))).join("")));
      offset += take.length;
      if (offset >= total || take.length < PAGE) return controller.close();
      try {
        rows = (await page(offset)).output.data;
      } catch (err) {
        controller.error(err);
      }
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${object}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Total-Count": String(first.total),
    },
  });
}
