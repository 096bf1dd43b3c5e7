/**
 * Approvals end to end (issue 18): a record entering its object's condition on any write path gets
 * one pending request (approval.requested in the same transaction); the locked fields refuse
 * changes with a 400 naming it on every write path (PATCH, bulk items, line items); only approvers
 * decide (403), once (409), and of an approve and a reject at once exactly one wins; each event
 * reaches a webhook receiver once with the documented payload; tenants see only their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitForApprovalOp } from "@/lib/operations/approvals/manage-processes.ts";
import type { EventName } from "@/lib/schemas/event-names.ts";
import { EVENT_PAYLOAD_SCHEMAS } from "@/lib/services/events/payloads.ts";
import { unsubscribe } from "@/lib/services/unsubscribe/unsubscribe.ts";
import { unsubscribeToken } from "@/lib/services/email/unsubscribe-token.ts";
import { deliverWebhooks } from "../../helpers/deliver-webhooks.ts";
import { createTestKey, createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { privateDatabase } from "../../helpers/private-database.ts";
import { call } from "../../helpers/rest.ts";
import { mcpClient, resultText } from "../../helpers/mcp.ts";
import { startReceiver, type Receiver } from "../../helpers/webhook-receiver.ts";
import { expectOk, failure, runAs, session } from "../operation-helpers.ts";
import { bigKey, RecordsApi } from "../records/helpers.ts";
import { ApprovalsApi, saveProcess } from "./helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: approveRoute } = restRoute("/approvals/{id}/approve");
const { POST: addLineRoute } = restRoute("/line-items");
const { POST: createHook } = restRoute("/webhooks");

// The webhook dispatcher claims every tenant's events: on PostgreSQL this file gets a database of its own.
privateDatabase();

const savedAllow = process.env.WEBHOOK_ALLOW_NETWORKS;

describe("approvals", () => {
  let t: TestTenant;
  let b: TestTenant;
  let adminKey: string;
  let memberKey: string;
  let opportunities: RecordsApi;
  let approvals: ApprovalsApi;
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_NETWORKS = "127.0.0.1/32";
    receiver = await startReceiver();
    t = await createTestTenant("approvals");
    b = await createTestTenant("approvals-b");
    adminKey = await bigKey(t, { allowDelete: true });
    memberKey = (await createTestKey(t, { role: "member", rateLimit: 100_000 })).secret;
    opportunities = new RecordsApi(adminKey, "opportunity");
    approvals = new ApprovalsApi(adminKey);
    const hook = await call(createHook, {
      auth: adminKey,
      body: { url: receiver.url, events: ["approval.requested", "approval.approved", "approval.rejected"] },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    await saveProcess(t, {
      objectApiName: "opportunity",
      name: "Large deals",
      conditions: ["amount:gte:100000"],
      approver: { role: "admin" },
      lockMode: "fields",
    });
  });
  afterAll(async () => {
    if (savedAllow === undefined) delete process.env.WEBHOOK_ALLOW_NETWORKS;
    else process.env.WEBHOOK_ALLOW_NETWORKS = savedAllow;
    await receiver.close();
  });

  it("a record entering the condition gets one pending request; its locked field refuses changes on every write path until it is approved", async () => {
    const members = new RecordsApi(memberKey, "opportunity");
    const deal = await members.mustCreate({ name: "Acme renewal", stage: "proposal", amount: "50000" });
    expect(await approvals.pendingFor(deal.id)).toEqual([]);
    expect((await members.patch(deal.id, { amount: "150000" })).status).toBe(200);
    const [pending] = await approvals.pendingFor(deal.id);
    expect(pending).toMatchObject({
      status: "pending",
      lockedFields: ["amount"],
      requested: { amount: "150000.00" },
      requestedBy: t.users.member,
    });
    // Staying inside the condition opens no second request.
    expect((await members.patch(deal.id, { name: "Acme renewal 2027" })).status).toBe(200);
    expect(await approvals.pendingFor(deal.id)).toHaveLength(1);

    const refused = await members.patch(deal.id, { amount: "90000" });
    expect(refused.status).toBe(400);
    expect(refused.json().error).toBe(`amount: is locked while approval request ${pending!.id} is pending`);
    // Agents write through the same operations: the MCP tools refuse and open requests alike.
    const agent = await mcpClient("v2-modern", memberKey);
    const viaTool = await agent.callTool({
      name: "update_record",
      arguments: { object: "opportunity", id: deal.id, values: { amount: "1" } },
    });
    expect(viaTool.isError).toBe(true);
    expect(resultText(viaTool)).toContain(`is locked while approval request ${pending!.id} is pending`);
    const created = await agent.callTool({
      name: "create_record",
      arguments: { object: "opportunity", values: { name: "Agent deal", stage: "proposal", amount: "300000" } },
    });
    const agentDeal = (created.structuredContent as { id: string }).id;
    await agent.close();
    expect(await approvals.pendingFor(agentDeal)).toMatchObject([{ requestedBy: t.users.member, requested: { amount: "300000.00" } }]);
    // The same value again is no change.
    expect((await members.patch(deal.id, { amount: "150000.00" })).status).toBe(200);
    // Bulk: the locked item fails on its own, the other goes through.
    const other = await members.mustCreate({ name: "Other", stage: "proposal", amount: "10" });
    const bulk = await members.bulkUpdate([
      { id: deal.id, amount: "1" },
      { id: other.id, amount: "20" },
    ]);
    expect(bulk.status).toBe(200);
    expect(bulk.json<{ results: { ok: boolean; error?: string }[] }>().results).toMatchObject([
      { ok: false, error: `amount: is locked while approval request ${pending!.id} is pending` },
      { ok: true },
    ]);
    // Line items set the amount through the same path: refused, nothing written.
    const product = await new RecordsApi(adminKey, "product").mustCreate({ name: "Seat", price: "5" });
    const line = await call(addLineRoute, {
      auth: adminKey,
      method: "POST",
      path: "/line-items",
      body: { opportunity_id: deal.id, product_id: product.id, quantity: "1" },
    });
    expect([line.status, line.json().error]).toEqual([400, expect.stringContaining("is locked while approval request")]);
    expect((await opportunities.get(deal.id)).json().amount).toBe("150000.00");

    // Members are not approvers; admins are.
    expect(failure(await runAs(submitForApprovalOp, session(t, "member"), { object: "opportunity", recordId: deal.id }))).toMatchObject({
      status: 400,
    });
    const byMember = await new ApprovalsApi(memberKey).approve(pending!.id);
    expect([byMember.status, byMember.json().error]).toEqual([403, "errors.permissionDenied"]);
    // A body is optional: a bare POST rejects nothing by mistake (here a member, refused), a comment comes as JSON.
    const bare = await call(approveRoute, {
      auth: memberKey,
      method: "POST",
      path: `/approvals/${pending!.id}/approve`,
      params: { id: pending!.id },
    });
    expect(bare.status).toBe(403);
    const approved = await approvals.approve(pending!.id, "Margin is fine");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decidedBy: t.users.admin, comment: "Margin is fine" });
    const again = await approvals.reject(pending!.id);
    expect([again.status, again.json().error]).toEqual([409, `Approval request ${pending!.id} was already approved: decisions are final`]);
    expect((await members.patch(deal.id, { amount: "140000" })).status).toBe(200);

    await deliverWebhooks();
    const events = receiver.received
      .map(
        (r) =>
          JSON.parse(r.body.toString()) as {
            event: string;
            recordId: string;
            request: { id: string };
            subject: { data: { amount: string } };
          },
      )
      .filter((e) => e.recordId === deal.id);
    for (const e of events) EVENT_PAYLOAD_SCHEMAS[e.event as EventName].parse(e);
    expect(events.map((e) => e.event)).toEqual(["approval.requested", "approval.approved"]);
    expect(events[0]).toMatchObject({
      status: "pending",
      objectApiName: "opportunity",
      request: {
        id: pending!.id,
        status: "pending",
        requestedBy: t.users.member,
        approvers: [t.users.admin],
        decidedBy: null,
        comment: null,
        decided_at: null,
      },
      subject: { objectApiName: "opportunity", recordId: deal.id, data: { amount: "150000.00", name: "Acme renewal" } },
    });
    expect(events[1]).toMatchObject({
      status: "approved",
      request: { id: pending!.id, decidedBy: t.users.admin, comment: "Margin is fine" },
    });
  });

  it("creates through bulk enter the condition too, and of an approve and a reject at once exactly one wins", async () => {
    const created = await opportunities.bulkCreate([
      { name: "Big one", stage: "proposal", amount: "250000" },
      { name: "Small one", stage: "proposal", amount: "5" },
    ]);
    expect(created.status).toBe(200);
    const [big, small] = created.json<{ results: { id: string }[] }>().results.map((r) => r.id);
    expect(await approvals.pendingFor(small!)).toEqual([]);
    const [pending] = await approvals.pendingFor(big!);
    const outcomes = await Promise.all([approvals.approve(pending!.id, "yes"), approvals.reject(pending!.id, "no")]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([200, 409]);
    const final = (await approvals.get(pending!.id)).json<{ status: string }>();
    expect(outcomes.find((o) => o.status === 200)!.json()).toMatchObject({ status: final.status });
    await deliverWebhooks();
    const decisions = receiver.received
      .map((r) => JSON.parse(r.body.toString()) as { event: string; recordId: string })
      .filter((e) => e.recordId === big);
    expect(decisions.map((e) => e.event)).toEqual(["approval.requested", `approval.${final.status}`]);
  });

  it("a whole-record lock refuses every change; Submit for approval opens a request whatever the values", async () => {
    await saveProcess(t, {
      objectApiName: "company",
      name: "New accounts",
      conditions: ["name:contains:holding"],
      approver: { userId: t.users.admin },
      lockMode: "record",
    });
    const companies = new RecordsApi(adminKey, "company");
    const holding = await companies.mustCreate({ name: "Globex Holding" });
    const [pending] = await approvals.pendingFor(holding.id);
    expect(pending!.lockedFields).toBeNull();
    const refused = await companies.patch(holding.id, { domain: "https://globex.example" });
    expect([refused.status, refused.json().error]).toEqual([400, `The record is locked while approval request ${pending!.id} is pending`]);
    expect((await approvals.reject(pending!.id, "Not now")).json()).toMatchObject({ status: "rejected", comment: "Not now" });
    expect((await companies.patch(holding.id, { domain: "https://globex.example" })).status).toBe(200);

    const plain = await companies.mustCreate({ name: "Initech" });
    expect(await approvals.pendingFor(plain.id)).toEqual([]);
    const submitted = expectOk(await runAs(submitForApprovalOp, session(t, "member"), { object: "company", recordId: plain.id }));
    expect(submitted).toMatchObject({ status: "pending", requestedBy: t.users.member, approvers: [t.users.admin] });
    expect(failure(await runAs(submitForApprovalOp, session(t), { object: "company", recordId: plain.id }))).toMatchObject({
      status: 400,
      error: "recordId: an approval request for this record is already pending",
    });
    expect(failure(await runAs(submitForApprovalOp, session(t), { object: "contact", recordId: plain.id })).status).toBe(400);
  });

  it("a condition on system keys opens one request, not one per edit; a pending request blocks the trash but not an unsubscribe", async () => {
    await saveProcess(t, {
      objectApiName: "contact",
      name: "Every contact",
      conditions: ["created_at:gt:2000-01-01T00:00:00Z", `owner_id:eq:${t.users.admin}`],
      approver: { userId: t.users.member },
      lockMode: "record",
    });
    const contacts = new RecordsApi(adminKey, "contact");
    const ada = await contacts.mustCreate({ last_name: "Lovelace", email: "ada.approvals@example.com" });
    const [pending] = await approvals.pendingFor(ada.id);
    expect(pending).toMatchObject({ approvers: [t.users.member], lockedFields: null });
    expect((await contacts.remove(ada.id)).json().error).toBe(
      `The record has a pending approval request (${pending!.id}): it can be trashed once that is decided`,
    );
    // The person unsubscribing is a fact the record must show, lock or no lock.
    const token = unsubscribeToken({
      tenantId: t.tenantId,
      objectApiName: "contact",
      recordId: ada.id,
      address: "ada.approvals@example.com",
    });
    expect(await unsubscribe(token)).toMatchObject({ address: "ada.approvals@example.com" });
    expect((await contacts.get(ada.id)).json().email_opt_out).toBe(true);
    expect((await new ApprovalsApi(memberKey).approve(pending!.id)).status).toBe(200);
    // Still meeting the condition is not entering it: an edit opens nothing new.
    expect((await contacts.patch(ada.id, { job_title: "Analyst" })).status).toBe(200);
    expect(await approvals.pendingFor(ada.id)).toEqual([]);
  });

  it("refuses processes whose conditions are not list filters of the object, or whose approver does not exist", async () => {
    const { saveProcessOp } = await import("@/lib/operations/approvals/manage-processes.ts");
    const bad = async (process: Record<string, unknown>) => failure(await runAs(saveProcessOp, session(t), { process }));
    const base = { objectApiName: "opportunity", name: "x", approver: { role: "admin" }, lockMode: "fields" };
    expect(await bad({ ...base, conditions: ["amount:gte:lots"] })).toMatchObject({
      status: 400,
      error: expect.stringContaining("conditions.0: filter"),
    });
    expect(await bad({ ...base, conditions: ["nope:eq:1"] })).toMatchObject({
      status: 400,
      error: expect.stringContaining("unknown field"),
    });
    expect(await bad({ ...base, conditions: ["amount:gte:1"], approver: { role: "nobody" } })).toMatchObject({ status: 400 });
    expect(await bad({ ...base, conditions: ["updated_at:gt:2000-01-01T00:00:00Z"] })).toMatchObject({
      status: 400,
      error: "conditions.0: updated_at changes with every write and cannot be a condition",
    });
    expect((await runAs(saveProcessOp, session(t, "member"), { process: { ...base, conditions: ["amount:gte:1"] } })).status).toBe(403);
  });

  it("keeps tenants apart: another tenant's requests are not found and not listed", async () => {
    const deal = await opportunities.mustCreate({ name: "Tenant A deal", stage: "proposal", amount: "500000" });
    const [pending] = await approvals.pendingFor(deal.id);
    const keyB = await bigKey(b);
    const other = new ApprovalsApi(keyB);
    expect((await other.get(pending!.id)).status).toBe(404);
    expect((await other.approve(pending!.id)).status).toBe(404);
    expect((await other.reject(pending!.id)).status).toBe(404);
    expect((await other.list()).json()).toMatchObject({ total: 0, data: [] });
    expect((await approvals.get(pending!.id)).json()).toMatchObject({ status: "pending" });
    // A key that may not read opportunities learns nothing of the request.
    const contactsOnly = (await createTestKey(t, { allowedObjects: ["contact"] })).secret;
    expect((await new ApprovalsApi(contactsOnly).get(pending!.id)).json().error).toBe("errors.apiKeyObjectDenied");
    expect(
      (await new ApprovalsApi(contactsOnly).list()).json<{ data: { recordId: string }[] }>().data.map((r) => r.recordId),
    ).not.toContain(deal.id);
  });
});
