/**
 * The authentication and authorization matrix of approvals, keyed by operation name;
 * tests/integration/guards/auth-matrix.test.ts runs it. The process's approvers are the admins,
 * so deciding is for admins' credentials (a member's is refused as not an approver), never a
 * read-only key, and needs read access to the record's object.
 */
import { serverActor } from "@/lib/auth/actor.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";
import { createRecords } from "@/lib/services/records/write-records.ts";
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { saveProcess } from "../../integration/approvals/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: approveRoute } = restRoute("/approvals/{id}/approve");
const { POST: rejectRoute } = restRoute("/approvals/{id}/reject");
const { GET: getRoute } = restRoute("/approvals/{id}");
const { GET: listRoute } = restRoute("/approvals");

const OBJECT = "opportunity";

interface Ctx {
  t: TestTenant;
  requestId: string;
}

/**
 * A large deal, written as the server writes (a matrix case may have deactivated every key's
 * creator by then): it enters the process's condition, so it has a pending request.
 */
async function pendingRequest(t: TestTenant): Promise<string> {
  return withTenantSql(t.tenantId, async (tx) => {
    const object = await loadObjectSchema(tx, t.tenantId, OBJECT);
    const deal = { name: "Matrix deal", stage: "proposal", amount: "250000" };
    const [created] = await createRecords(tx, { actor: serverActor(t.tenantId, t.users.admin), object, inputs: [deal] });
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM approval_request WHERE tenant_id = ${t.tenantId}::uuid AND record_id = ${created!.ok ? created!.record.id : null}::uuid`;
    return row!.id;
  });
}

async function prepare(t: TestTenant): Promise<Ctx> {
  const process = { objectApiName: OBJECT, name: "Large deals", conditions: ["amount:gte:100000"], approver: { role: "admin" } };
  await saveProcess(t, { ...process, lockMode: "fields" });
  return { t, requestId: await pendingRequest(t) };
}

const decision = (route: typeof approveRoute, verb: string) =>
  matrix({
    object: OBJECT,
    action: "update",
    managersOnly: true,
    prepare,
    // A new request each time: decisions are final.
    call: async (ctx, auth) => {
      const id = await pendingRequest(ctx.t);
      return call(route, { auth, method: "POST", path: `/approvals/${id}/${verb}`, params: { id }, body: {} });
    },
  });

export const approvalsMatrices: MatrixTable = {
  "approvals.list": matrix({
    object: null,
    action: "read",
    prepare,
    call: (_ctx, auth) => call(listRoute, { auth }),
    crossTenantStatus: 200,
  }),
  "approvals.get": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(getRoute, { auth, params: { id: ctx.requestId } }),
  }),
  "approvals.approve": decision(approveRoute, "approve"),
  "approvals.reject": decision(rejectRoute, "reject"),
};
