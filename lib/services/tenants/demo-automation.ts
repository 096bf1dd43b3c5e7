import type { SqlTx } from "@/lib/db/tenant.ts";
import { approvalProcessInputSchema } from "@/lib/schemas/approvals.ts";
import { flowCreateSchema } from "@/lib/schemas/flows.ts";
import { saveProcess } from "@/lib/services/approvals/processes.ts";
import { createFlow, setFlowStatus } from "@/lib/services/flows/flows.ts";

/**
 * The demo's automation, through the services Settings uses: an active flow that nurtures leads
 * (records can be enrolled at once, by the API or on a lead's page) and an approval process on
 * projects, so a project with a large budget waits for an admin's decision.
 */
export async function createSampleAutomation(tx: SqlTx, tenantId: string, adminId: string): Promise<void> {
  const flow = await createFlow(
    tx,
    tenantId,
    adminId,
    flowCreateSchema.parse({
      name: "Nurture new leads",
      objectApiName: "lead",
      steps: [
        { type: "wait", minutes: 2 * 24 * 60 },
        { type: "task", subject: "Call the lead", body: "Ask about their timeline and budget.", dueInDays: 1 },
      ],
    }),
  );
  await setFlowStatus(tx, tenantId, flow.id, "active");
  await saveProcess(
    tx,
    tenantId,
    adminId,
    approvalProcessInputSchema.parse({
      objectApiName: "project",
      name: "Large projects",
      conditions: ["budget:gte:100000"],
      approver: { role: "admin" },
      lockMode: "fields",
    }),
  );
}
