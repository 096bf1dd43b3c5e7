import { saveProcessOp } from "@/lib/operations/approvals/manage-processes.ts";
import type { ApiApprovalProcess } from "@/lib/schemas/approvals.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: approveRoute } = restRoute("/approvals/{id}/approve");
const { POST: rejectRoute } = restRoute("/approvals/{id}/reject");
const { GET: getRoute } = restRoute("/approvals/{id}");
const { GET: listRoute } = restRoute("/approvals");

/** An approval process saved as Settings → Approvals saves it. */
export const saveProcess = async (t: TestTenant, process: Record<string, unknown>): Promise<ApiApprovalProcess> =>
  expectOk(await runAs(saveProcessOp, session(t), { process }));

/** The approvals endpoints, called in-process with one credential. */
export class ApprovalsApi {
  constructor(readonly auth: string | undefined) {}
  list(query: Record<string, string> = {}): Promise<CallResult> {
    return call(listRoute, { auth: this.auth, path: "/approvals", query });
  }
  get(id: string): Promise<CallResult> {
    return call(getRoute, { auth: this.auth, path: `/approvals/${id}`, params: { id } });
  }
  approve(id: string, comment?: string): Promise<CallResult> {
    return call(approveRoute, {
      auth: this.auth,
      method: "POST",
      path: `/approvals/${id}/approve`,
      params: { id },
      body: comment === undefined ? {} : { comment },
    });
  }
  reject(id: string, comment?: string): Promise<CallResult> {
    return call(rejectRoute, {
      auth: this.auth,
      method: "POST",
      path: `/approvals/${id}/reject`,
      params: { id },
      body: comment === undefined ? {} : { comment },
    });
  }
  async pendingFor(recordId: string): Promise<{ id: string; status: string; lockedFields: string[] | null }[]> {
    return (await this.list({ record: recordId, status: "pending" })).json<{
      data: { id: string; status: string; lockedFields: string[] | null }[];
    }>().data;
  }
}
