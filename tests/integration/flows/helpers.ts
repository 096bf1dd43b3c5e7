import { POST as inboundRoute } from "@/app/api/v1/email/inbound/route.ts";
import { withTenantSql } from "@/lib/db/tenant.ts";
import { createFlowOp, setFlowStatusOp } from "@/lib/operations/flows/manage-flows.ts";
import type { ApiFlow, FlowCreateInput } from "@/lib/schemas/flows.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { expectOk, runAs, session } from "../operation-helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: enrollRoute } = restRoute("/flows/{id}/enrollments");

/** A flow built as Settings → Flows builds it, activated unless told otherwise. */
export async function makeFlow(
  t: TestTenant,
  flow: Partial<FlowCreateInput> & Pick<FlowCreateInput, "steps">,
  active = true,
): Promise<ApiFlow> {
  const created = expectOk(await runAs(createFlowOp, session(t), { flow: { name: "Onboarding", objectApiName: "contact", ...flow } }));
  return active ? expectOk(await runAs(setFlowStatusOp, session(t), { id: created.id, status: "active" })) : created;
}

export const enrollVia = (auth: string | undefined, flowId: string, recordId: string): Promise<CallResult> =>
  call(enrollRoute, { auth, method: "POST", path: `/flows/${flowId}/enrollments`, params: { id: flowId }, body: { recordId } });

export interface EnrollmentState {
  status: string;
  step_index: number;
  due_at: Date;
  end_reason: string | null;
}

export const enrollmentState = async (t: TestTenant, id: string): Promise<EnrollmentState> =>
  (
    await withTenantSql(
      t.tenantId,
      async (tx) => tx.$queryRaw<EnrollmentState[]>`
        SELECT status, step_index, due_at, end_reason FROM flow_enrollment WHERE tenant_id = ${t.tenantId}::uuid AND id = ${id}::uuid`,
    )
  )[0]!;

/** Makes every active enrollment of the tenant due now (a wait that has passed). */
export const makeDue = (t: TestTenant) =>
  withTenantSql(
    t.tenantId,
    async (tx) =>
      tx.$executeRaw`UPDATE flow_enrollment SET due_at = now() - interval '1 second' WHERE tenant_id = ${t.tenantId}::uuid AND status = 'active'`,
  );

/** A reply to one of our messages, as a mail client writes it. */
export const replyMime = (inReplyTo: string, o: { from?: string; references?: string } = {}) =>
  [
    `From: Ada Lovelace <${o.from ?? "ada@example.com"}>`,
    "To: CRM <no-reply@localhost>",
    "Subject: Re: Welcome",
    `Message-ID: <reply-${Math.random().toString(36).slice(2)}@mail.example>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${o.references ?? inReplyTo}`,
    "Date: Fri, 27 Nov 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Thanks, let's talk next week.",
    "",
    "> Hello Ada",
    "",
  ].join("\r\n");

/** POST /api/v1/email/inbound as a provider's inbound-parse webhook calls it. */
export async function postInbound(
  body: BodyInit,
  headers: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await inboundRoute(new Request("http://localhost/api/v1/email/inbound", { method: "POST", headers, body }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
