import type { Principal } from "@/lib/auth/principal.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { createActivity } from "@/lib/services/activities/activities.ts";
import { adjustStock, setReorderLevel } from "@/lib/services/inventory/inventory.ts";
import { addLineItem } from "@/lib/services/line-items/line-items.ts";

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * The demo's activities, product lines and stock, through the services the API uses, acting as
 * the demo admin: a timeline on a contact, an open task, line items that set one opportunity's
 * amount, and a product low on stock.
 */
export async function createSampleSales(tx: SqlTx, tenantId: string, adminId: string, refs: Map<string, string>): Promise<void> {
  const [{ v }] = await tx.$queryRaw<{ v: number }[]>`SELECT schema_version AS v FROM tenant WHERE id = ${tenantId}::uuid`;
  const admin: Principal = {
    tenantId,
    userId: adminId,
    schemaVersion: v!,
    role: { roleKey: "admin", defaults: { read: true, create: true, update: true, delete: true }, objects: new Map() },
    credential: { kind: "session", platformAdmin: false, apiConsole: false },
  };
  const ref = (r: string) => refs.get(r)!;
  const on = (objectApiName: string, r: string) => ({ objectApiName, record_id: ref(r) });
  await createActivity(tx, admin, {
    type: "call",
    subject: "Discovery call",
    completed_at: at(-6),
    outcome: "Interested in the Professional plan for 40 seats",
    ...on("contact", "ada"),
  });
  await createActivity(tx, admin, { type: "email", subject: "Sent pricing", completed_at: at(-5), ...on("contact", "ada") });
  await createActivity(tx, admin, {
    type: "task",
    subject: "Send the proposal",
    due_at: at(3),
    assignee_id: adminId,
    ...on("opportunity", "o1"),
  });
  await createActivity(tx, admin, {
    type: "task",
    subject: "Follow up on the renewal",
    due_at: at(-1),
    assignee_id: adminId,
    ...on("opportunity", "o2"),
  });
  await createActivity(tx, admin, { type: "meeting", subject: "Pilot kickoff", due_at: at(7), ...on("opportunity", "o3") });
  await createActivity(tx, admin, {
    type: "note",
    subject: "Prefers email over calls",
    body: "Best reached in the morning.",
    ...on("company", "globex"),
  });

  await addLineItem(tx, admin, { opportunity_id: ref("o3"), product_id: ref("p3"), quantity: "1", discount: "0" });
  await addLineItem(tx, admin, { opportunity_id: ref("o3"), product_id: ref("p2"), quantity: "30", discount: "10" });

  await adjustStock(tx, admin, { product_id: ref("p1"), operation: "set", quantity: "120", reason: "Opening stock count" });
  await adjustStock(tx, admin, { product_id: ref("p2"), operation: "set", quantity: "35", reason: "Opening stock count" });
  await setReorderLevel(tx, admin, ref("p2"), "10");
}
