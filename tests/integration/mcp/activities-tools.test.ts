/**
 * The activity, line-item and inventory tools (spec 4.1 notes A and B) through real SDK clients of
 * every protocol era: every tool listed, the new ones with flat arguments, the workflows an agent runs
 * (log, complete and delete an activity; price an opportunity line by line, also from several
 * clients at once; find low stock), and REST's rules and messages on failure: validation, unknown
 * arguments, delete permission, tenant separation, key scopes, read-only keys, and no way to reach
 * activities through the generic record tools.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import {
  ERAS,
  failed,
  mcpClient,
  ok,
  resolved,
  toolErrorText,
  type JsonSchema,
  type McpTestClient,
  TOOLS,
  mustGive,
} from "../../helpers/mcp.ts";
import { call, type CallResult } from "../../helpers/rest.ts";
import { bigKey, ISO_MS_RE, RecordsApi, UUID_RE } from "../records/helpers.ts";
import type { ApiLineItem as Line } from "@/lib/schemas/line-items.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { DELETE: deleteActivityRoute, GET: getActivityRoute, PATCH: patchActivityRoute } = restRoute("/activities/{id}");
const { GET: listActivitiesRoute, POST: createActivityRoute } = restRoute("/activities");
const { POST: adjustRoute } = restRoute("/inventory/adjustments");
const { GET: listInventoryRoute } = restRoute("/inventory");
const { PATCH: stockSettingsRoute } = restRoute("/inventory/{productId}");
const { GET: listLinesRoute, POST: addLineRoute } = restRoute("/line-items");
const { DELETE: deleteLineRoute, PATCH: patchLineRoute } = restRoute("/line-items/{id}");

const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const CREATES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const CHANGES = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

/** Per new tool: its annotations, its flat arguments (in order) and the required ones. */
const NEW_TOOLS: Record<string, { annotations: typeof READS; args: string[]; required: string[] }> = {
  list_activities: {
    annotations: READS,
    args: ["recordId", "objectApiName", "type", "assignee", "status", "due_before", "due_after", "limit", "offset", "order"],
    required: [],
  },
  create_activity: {
    annotations: CREATES,
    args: ["type", "subject", "body", "due_at", "completed_at", "outcome", "assignee_id", "record_id", "objectApiName"],
    required: ["type", "subject", "record_id", "objectApiName"],
  },
  update_activity: {
    annotations: CHANGES,
    args: ["id", "type", "subject", "body", "due_at", "completed", "completed_at", "outcome", "assignee_id"],
    required: ["id"],
  },
  delete_activity: { annotations: CHANGES, args: ["id"], required: ["id"] },
  list_line_items: { annotations: READS, args: ["opportunityId"], required: ["opportunityId"] },
  add_line_item: {
    annotations: CREATES,
    args: ["opportunity_id", "product_id", "name", "quantity", "unit_price", "discount", "tax", "term"],
    required: ["opportunity_id", "product_id"],
  },
  update_line_item: {
    annotations: CHANGES,
    args: ["id", "name", "quantity", "unit_price", "discount", "tax", "term"],
    required: ["id"],
  },
  delete_line_item: { annotations: CHANGES, args: ["id"], required: ["id"] },
  list_inventory: { annotations: READS, args: ["lowStock", "productId", "limit", "offset"], required: [] },
};

interface Activity {
  id: string;
  type: string;
  subject: string;
  body: string | null;
  due_at: string | null;
  completed_at: string | null;
  outcome: string | null;
  assignee_id: string | null;
  record_id: string;
  objectApiName: string;
  owner_id: string | null;
  created_at: string;
  updated_at: string;
}
interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}
interface Lines {
  data: Line[];
  totals: { subtotal: string; discount: string; tax: string; total: string };
}
interface StockItem {
  product_id: string;
  name: string;
  on_hand: string;
  reorder_level: string | null;
  committed: string;
  available: string;
  low_stock: boolean;
}

/** The REST twins of the tools, called in-process with one key. */
const rest = (auth: string) => ({
  listActivities: (query: Record<string, string>) => call(listActivitiesRoute, { auth, path: "/activities", query }),
  createActivity: (body: unknown) => call(createActivityRoute, { auth, method: "POST", path: "/activities", body }),
  getActivity: (id: string) => call(getActivityRoute, { auth, path: `/activities/${id}`, params: { id } }),
  patchActivity: (id: string, body: unknown) =>
    call(patchActivityRoute, { auth, method: "PATCH", path: `/activities/${id}`, params: { id }, body }),
  deleteActivity: (id: string) => call(deleteActivityRoute, { auth, method: "DELETE", path: `/activities/${id}`, params: { id } }),
  listLines: (opportunityId: string) => call(listLinesRoute, { auth, path: "/line-items", query: { opportunityId } }),
  addLine: (body: unknown) => call(addLineRoute, { auth, method: "POST", path: "/line-items", body }),
  patchLine: (id: string, body: unknown) =>
    call(patchLineRoute, { auth, method: "PATCH", path: `/line-items/${id}`, params: { id }, body }),
  deleteLine: (id: string) => call(deleteLineRoute, { auth, method: "DELETE", path: `/line-items/${id}`, params: { id } }),
  listInventory: (query: Record<string, string>) => call(listInventoryRoute, { auth, path: "/inventory", query }),
  adjust: (body: unknown) => call(adjustRoute, { auth, method: "POST", path: "/inventory/adjustments", body }),
  stockSettings: (productId: string, body: unknown) =>
    call(stockSettingsRoute, { auth, method: "PATCH", path: `/inventory/${productId}`, params: { productId }, body }),
});

function must<T>(res: CallResult, status: number): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.json<T>();
}

describe.each(ERAS)("MCP activity, line-item and inventory tools (%s client)", (era) => {
  let t: TestTenant;
  let adminKey: string;
  let client: McpTestClient;
  const open: McpTestClient[] = [];
  const connect = async (secret: string) => {
    const c = await mcpClient(era, secret);
    open.push(c);
    return c;
  };
  let contact: { id: string };

  beforeAll(async () => {
    t = await createTestTenant(`mcp-act-${era}`);
    adminKey = await bigKey(t, { allowDelete: true });
    client = await connect(adminKey);
    contact = await new RecordsApi(adminKey, "contact").mustCreate({ last_name: `Rivera ${era}` });
  });
  afterAll(async () => {
    for (const c of open) await c.close();
  });

  it("lists every tool (TOOLS) in registry order, the new ones with flat arguments, an output schema and all four annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const [name, want] of Object.entries(NEW_TOOLS)) {
      const tool = tools.find((x) => x.name === name)!;
      expect(tool.title, name).toBeTruthy();
      expect(tool.description!.length, name).toBeGreaterThan(40);
      expect(tool.annotations, name).toMatchObject(want.annotations);
      for (const hint of Object.keys(READS)) expect(typeof tool.annotations![hint], `${name} ${hint}`).toBe("boolean");
      const input = tool.inputSchema as JsonSchema;
      expect(input.type, name).toBe("object");
      // Flat: the JSON body's properties are the tool's own arguments, not one nested object.
      expect(Object.keys(input.properties ?? {}), name).toEqual(want.args);
      expect([...(input.required ?? [])].sort(), name).toEqual([...want.args].sort());
      expect(mustGive(input).sort(), name).toEqual([...want.required].sort());
      expect(input.additionalProperties, name).toBe(false);
      expect(tool.outputSchema, name).toMatchObject({ type: "object" });
    }
    const byName = (name: string) => tools.find((x) => x.name === name)!;
    // Tool pages are small: 20 rows unless asked otherwise.
    expect((byName("list_activities").inputSchema as JsonSchema).properties!.limit!.description).toContain("default 20");
    expect((byName("list_inventory").inputSchema as JsonSchema).properties!.limit!.description).toContain("default 20");
    // Output schemas name their shared definition; what it holds is the operation's result.
    const outputKeys = (name: string) => Object.keys(resolved(byName(name).outputSchema).properties ?? {});
    for (const name of ["list_activities", "list_inventory"]) expect(outputKeys(name), name).toEqual(["data", "total", "limit", "offset"]);
    for (const name of ["create_activity", "update_activity"])
      expect(outputKeys(name), name).toEqual(
        expect.arrayContaining(["id", "type", "subject", "completed_at", "record_id", "objectApiName"]),
      );
    expect(outputKeys("list_line_items")).toEqual(["data", "totals"]);
    for (const name of ["add_line_item", "update_line_item"])
      expect(outputKeys(name), name).toEqual(
        expect.arrayContaining(["id", "opportunity_id", "product_id", "quantity", "unit_price", "total"]),
      );
    for (const name of ["delete_activity", "delete_line_item"]) expect(outputKeys(name), name).toEqual(["id", "deleted"]);
  });

  it("logs an activity on a contact, lists it on the contact's timeline, completes it, deletes it", async () => {
    const created = ok<Activity>(
      await client.callTool({
        name: "create_activity",
        arguments: {
          type: "call",
          subject: "Discovery call",
          body: "Ask about the renewal",
          due_at: "2030-01-15T09:30:00+01:00",
          record_id: contact.id,
          objectApiName: "contact",
        },
      }),
    );
    expect(created).toEqual({
      id: expect.stringMatching(UUID_RE),
      type: "call",
      subject: "Discovery call",
      body: "Ask about the renewal",
      due_at: "2030-01-15T08:30:00.000Z",
      completed_at: null,
      outcome: null,
      assignee_id: null,
      record_id: contact.id,
      objectApiName: "contact",
      owner_id: t.users.admin,
      created_at: expect.stringMatching(ISO_MS_RE),
      updated_at: expect.stringMatching(ISO_MS_RE),
    });
    const api = rest(adminKey);
    expect(must(await api.getActivity(created.id), 200)).toEqual(created);

    const timeline = ok<Page<Activity>>(await client.callTool({ name: "list_activities", arguments: { recordId: contact.id } }));
    expect(timeline).toEqual({ data: [created], total: 1, limit: 20, offset: 0 });
    const stillOpen = ok<Page<Activity>>(
      await client.callTool({ name: "list_activities", arguments: { recordId: contact.id, objectApiName: "contact", status: "open" } }),
    );
    expect(stillOpen.data.map((a) => a.id)).toEqual([created.id]);

    const completed = ok<Activity>(
      await client.callTool({ name: "update_activity", arguments: { id: created.id, completed: true, outcome: "Interested" } }),
    );
    expect(completed).toMatchObject({ id: created.id, subject: "Discovery call", outcome: "Interested", record_id: contact.id });
    expect(completed.completed_at).toMatch(ISO_MS_RE);
    expect(must(await api.getActivity(created.id), 200)).toEqual(completed);
    // Completing again keeps the first completion time.
    const again = ok<Activity>(await client.callTool({ name: "update_activity", arguments: { id: created.id, completed: true } }));
    expect(again.completed_at).toBe(completed.completed_at);
    const done = ok<Page<Activity>>(
      await client.callTool({ name: "list_activities", arguments: { recordId: contact.id, status: "completed" } }),
    );
    expect(done.data.map((a) => a.id)).toEqual([created.id]);

    const deleted = ok(await client.callTool({ name: "delete_activity", arguments: { id: created.id } }));
    expect(deleted).toEqual({ id: created.id, deleted: true });
    expect((await api.getActivity(created.id)).status).toBe(404);
    const empty = ok<Page<Activity>>(await client.callTool({ name: "list_activities", arguments: { recordId: contact.id } }));
    expect(empty).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
  });

  it("adds, lists, updates and deletes line items, keeping the totals and the opportunity's amount exact", async () => {
    const opportunities = new RecordsApi(adminKey, "opportunity");
    const opportunity = await opportunities.mustCreate({ name: `Deal ${era}`, stage: "proposal" });
    const product = await new RecordsApi(adminKey, "product").mustCreate({ name: "Widget", price: "19.99" });

    const line = ok<Line>(
      await client.callTool({
        name: "add_line_item",
        arguments: { opportunity_id: opportunity.id, product_id: product.id, quantity: 3, discount: "10", tax: 20 },
      }),
    );
    // 3 × 19.99 = 59.97; 10% off: 6.00 (5.997); 20% tax on 53.97: 10.79 (10.794); total 64.76.
    expect(line).toMatchObject({
      opportunity_id: opportunity.id,
      product_id: product.id,
      name: "Widget",
      quantity: "3.00",
      unit_price: "19.99",
      discount: "10.00",
      tax: "20.00",
      term: null,
      total: "64.76",
    });
    const listed = ok<Lines>(await client.callTool({ name: "list_line_items", arguments: { opportunityId: opportunity.id } }));
    expect(listed).toEqual({ data: [line], totals: { subtotal: "59.97", discount: "6.00", tax: "10.79", total: "64.76" } });
    expect(must(await rest(adminKey).listLines(opportunity.id), 200)).toEqual(listed);
    expect((await opportunities.mustGet(opportunity.id)).amount).toBe("64.76");

    // 4 × 19.99 = 79.96; 8.00 (7.996) off; 14.39 (14.392) tax on 71.96; total 86.35.
    const updated = ok<Line>(await client.callTool({ name: "update_line_item", arguments: { id: line.id, quantity: "4" } }));
    expect(updated).toMatchObject({ id: line.id, quantity: "4.00", unit_price: "19.99", total: "86.35" });
    const relisted = ok<Lines>(await client.callTool({ name: "list_line_items", arguments: { opportunityId: opportunity.id } }));
    expect(relisted.totals).toEqual({ subtotal: "79.96", discount: "8.00", tax: "14.39", total: "86.35" });
    expect((await opportunities.mustGet(opportunity.id)).amount).toBe("86.35");

    expect(ok(await client.callTool({ name: "delete_line_item", arguments: { id: line.id } }))).toEqual({ id: line.id, deleted: true });
    const none = ok<Lines>(await client.callTool({ name: "list_line_items", arguments: { opportunityId: opportunity.id } }));
    expect(none).toEqual({ data: [], totals: { subtotal: "0.00", discount: "0.00", tax: "0.00", total: "0.00" } });
    expect((await opportunities.mustGet(opportunity.id)).amount).toBe("0.00");
  });

  it("keeps the amount exact when several clients add lines to one opportunity at once", async () => {
    const opportunity = await new RecordsApi(adminKey, "opportunity").mustCreate({ name: `Busy deal ${era}`, stage: "proposal" });
    const product = await new RecordsApi(adminKey, "product").mustCreate({ name: "Bolt", price: "1.01" });
    const clients = await Promise.all([1, 2, 3].map(() => connect(adminKey)));
    const results = await Promise.all(
      clients.flatMap((c) =>
        [1, 2, 3].map((quantity) =>
          c.callTool({ name: "add_line_item", arguments: { opportunity_id: opportunity.id, product_id: product.id, quantity } }),
        ),
      ),
    );
    for (const r of results) ok(r);
    // 3 × (1 + 2 + 3) × 1.01 = 18.18: no add was computed from a stale total.
    const listed = ok<Lines>(await client.callTool({ name: "list_line_items", arguments: { opportunityId: opportunity.id } }));
    expect(listed.data).toHaveLength(9);
    expect(listed.totals.total).toBe("18.18");
    expect((await new RecordsApi(adminKey, "opportunity").mustGet(opportunity.id)).amount).toBe("18.18");
  });

  it("lists inventory, with lowStock keeping the products at or below their reorder level once open lines commit stock", async () => {
    const api = rest(adminKey);
    const products = new RecordsApi(adminKey, "product");
    const gadget = await products.mustCreate({ name: `Gadget ${era}`, sku: `GAD-${era}`, price: "5.00" });
    const spare = await products.mustCreate({ name: `Spare ${era}`, sku: `SPA-${era}`, price: "1.00" });
    for (const [id, onHand, reorder] of [
      [gadget.id, "10", "8"],
      [spare.id, "100", "5"],
    ] as const) {
      must(await api.adjust({ product_id: id, operation: "set", quantity: onHand, reason: "stock count" }), 201);
      must(await api.stockSettings(id, { reorder_level: reorder }), 200);
    }
    const lowBefore = ok<Page<StockItem>>(await client.callTool({ name: "list_inventory", arguments: { lowStock: true } }));
    expect(lowBefore.data.map((i) => i.product_id)).not.toContain(gadget.id);

    const opportunity = await new RecordsApi(adminKey, "opportunity").mustCreate({ name: `Stock deal ${era}`, stage: "negotiation" });
    ok(await client.callTool({ name: "add_line_item", arguments: { opportunity_id: opportunity.id, product_id: gadget.id, quantity: 3 } }));

    const low = ok<Page<StockItem>>(await client.callTool({ name: "list_inventory", arguments: { lowStock: true } }));
    expect(low).toEqual({
      data: [
        expect.objectContaining({
          product_id: gadget.id,
          on_hand: "10.00",
          reorder_level: "8.00",
          committed: "3.00",
          available: "7.00",
          low_stock: true,
        }),
      ],
      total: 1,
      limit: 20,
      offset: 0,
    });
    const all = ok<Page<StockItem>>(await client.callTool({ name: "list_inventory", arguments: {} }));
    expect(all.limit).toBe(20);
    expect(all.data.find((i) => i.product_id === spare.id)).toMatchObject({ on_hand: "100.00", committed: "0.00", low_stock: false });
    const one = ok<Page<StockItem>>(await client.callTool({ name: "list_inventory", arguments: { productId: spare.id } }));
    expect(one.data.map((i) => i.product_id)).toEqual([spare.id]);
  });

  it("refuses bad values with REST's messages, as tool errors", async () => {
    const api = rest(adminKey);
    const body = { type: "sms", subject: "Text them", record_id: contact.id, objectApiName: "contact" };
    const restError = toolErrorText(await api.createActivity(body));
    expect(restError).toContain("must be one of task, call, email, meeting, note");
    expect(failed(await client.callTool({ name: "create_activity", arguments: body }))).toBe(restError);

    const activity = must<Activity>(await api.createActivity({ ...body, type: "task" }), 201);
    for (const changes of [{}, { completed: "yes" }, { completed: true, completed_at: "2030-01-01T00:00:00Z" }]) {
      const expected = toolErrorText(await api.patchActivity(activity.id, changes));
      expect(failed(await client.callTool({ name: "update_activity", arguments: { id: activity.id, ...changes } })), expected).toBe(
        expected,
      );
    }
    const missing = { type: "note", subject: "Nowhere", record_id: "01a21b93-0000-7000-8000-000000000000", objectApiName: "contact" };
    const notLinked = toolErrorText(await api.createActivity(missing));
    expect(notLinked).toBe("record_id: no live contact record with id '01a21b93-0000-7000-8000-000000000000'");
    expect(failed(await client.callTool({ name: "create_activity", arguments: missing }))).toBe(notLinked);

    const opportunity = await new RecordsApi(adminKey, "opportunity").mustCreate({ name: `Bad lines ${era}`, stage: "proposal" });
    const product = await new RecordsApi(adminKey, "product").mustCreate({ name: "Thing", price: "2.00" });
    const badLine = { opportunity_id: opportunity.id, product_id: product.id, quantity: "1.005" };
    const lineError = toolErrorText(await api.addLine(badLine));
    expect(lineError).toContain("quantity");
    expect(failed(await client.callTool({ name: "add_line_item", arguments: badLine }))).toBe(lineError);
  });

  it("refuses unknown arguments rather than dropping them, with the error body REST gives the same input", async () => {
    const args = { type: "task", subject: "Follow up", record_id: contact.id, objectApiName: "contact", priority: "high" };
    const refused = await client.callTool({ name: "create_activity", arguments: args });
    expect(failed(refused)).toBe('Unrecognized key: "priority"');
    const { requestId: _tool, ...toolBody } = (refused._meta as { "crm/error": Record<string, unknown> })["crm/error"];
    const { requestId: _rest, ...restBody } = (await rest(adminKey).createActivity(args)).json<Record<string, unknown>>();
    expect(toolBody).toEqual(restBody);
    expect(toolBody).toMatchObject({ code: "invalid_request", details: [{ path: "", message: 'Unrecognized key: "priority"' }] });
    expect(failed(await client.callTool({ name: "create_activity", arguments: { ...args, activity: {} } }))).toBe(
      'Unrecognized keys: "priority", "activity"',
    );
    // The record an activity belongs to never changes: update_activity has no record_id argument.
    const activity = ok<Activity>(
      await client.callTool({
        name: "create_activity",
        arguments: { type: "task", subject: "Stay", record_id: contact.id, objectApiName: "contact" },
      }),
    );
    const other = await new RecordsApi(adminKey, "contact").mustCreate({ last_name: "Other" });
    expect(failed(await client.callTool({ name: "update_activity", arguments: { id: activity.id, record_id: other.id } }))).toContain(
      'Unrecognized key: "record_id"',
    );
    expect(
      failed(await client.callTool({ name: "add_line_item", arguments: { opportunity_id: contact.id, product_id: contact.id, price: 3 } })),
    ).toContain('Unrecognized key: "price"');
    expect(failed(await client.callTool({ name: "list_inventory", arguments: { low_stock: true } }))).toContain(
      'Unrecognized key: "low_stock"',
    );
    expect(must<Activity>(await rest(adminKey).getActivity(activity.id), 200).record_id).toBe(contact.id);
  });

  it("needs the delete permission for delete_activity, as REST does", async () => {
    const noDelete = await bigKey(t);
    const activity = ok<Activity>(
      await client.callTool({
        name: "create_activity",
        arguments: { type: "note", subject: "Keep me", record_id: contact.id, objectApiName: "contact" },
      }),
    );
    const restError = toolErrorText(await rest(noDelete).deleteActivity(activity.id));
    expect(restError).toContain("errors.apiKeyDeleteDenied");
    const mcp = await connect(noDelete);
    expect(failed(await mcp.callTool({ name: "delete_activity", arguments: { id: activity.id } }))).toBe(restError);
    expect((await rest(adminKey).getActivity(activity.id)).status).toBe(200);
    // The same key may still complete and reopen it: updating is not deleting.
    const complete = (completed: boolean) => mcp.callTool({ name: "update_activity", arguments: { id: activity.id, completed } });
    expect(ok<Activity>(await complete(true)).completed_at).toMatch(ISO_MS_RE);
    expect(ok<Activity>(await complete(false)).completed_at).toBeNull();
  });

  it("shows another tenant nothing: its activities, records, opportunities and lines are not found", async () => {
    const other = await createTestTenant(`mcp-act-other-${era}`);
    const theirKey = await bigKey(other, { allowDelete: true });
    const theirApi = rest(theirKey);
    const theirContact = await new RecordsApi(theirKey, "contact").mustCreate({ last_name: "Theirs" });
    const theirActivity = must<Activity>(
      await theirApi.createActivity({ type: "task", subject: "Theirs", record_id: theirContact.id, objectApiName: "contact" }),
      201,
    );
    const theirOpportunity = await new RecordsApi(theirKey, "opportunity").mustCreate({ name: "Theirs", stage: "proposal" });
    const theirProduct = await new RecordsApi(theirKey, "product").mustCreate({ name: "Theirs", price: "9.00" });
    const theirLine = must<Line>(await theirApi.addLine({ opportunity_id: theirOpportunity.id, product_id: theirProduct.id }), 201);

    const api = rest(adminKey);
    const cases: [string, Record<string, unknown>, CallResult, string][] = [
      [
        "update_activity",
        { id: theirActivity.id, completed: true },
        await api.patchActivity(theirActivity.id, { completed: true }),
        `Activity '${theirActivity.id}' not found`,
      ],
      ["delete_activity", { id: theirActivity.id }, await api.deleteActivity(theirActivity.id), `Activity '${theirActivity.id}' not found`],
      [
        "list_activities",
        { recordId: theirContact.id },
        await api.listActivities({ recordId: theirContact.id }),
        `Record '${theirContact.id}' not found`,
      ],
      [
        "list_line_items",
        { opportunityId: theirOpportunity.id },
        await api.listLines(theirOpportunity.id),
        `Opportunity '${theirOpportunity.id}' not found`,
      ],
      [
        "update_line_item",
        { id: theirLine.id, quantity: 2 },
        await api.patchLine(theirLine.id, { quantity: 2 }),
        `Line item '${theirLine.id}' not found`,
      ],
      ["delete_line_item", { id: theirLine.id }, await api.deleteLine(theirLine.id), `Line item '${theirLine.id}' not found`],
      [
        "list_inventory",
        { productId: theirProduct.id },
        await api.listInventory({ productId: theirProduct.id }),
        `Product '${theirProduct.id}' not found`,
      ],
    ];
    for (const [name, args, restAnswer, message] of cases) {
      expect(restAnswer.status, name).toBe(404);
      expect(toolErrorText(restAnswer), name).toBe(message);
      expect(failed(await client.callTool({ name, arguments: args })), name).toBe(message);
    }
    // Naming their records in a body is refused as REST refuses it: no such live record here.
    expect(
      failed(
        await client.callTool({
          name: "create_activity",
          arguments: { type: "task", subject: "Mine?", record_id: theirContact.id, objectApiName: "contact" },
        }),
      ),
    ).toBe(`record_id: no live contact record with id '${theirContact.id}'`);
    expect(
      failed(
        await client.callTool({ name: "add_line_item", arguments: { opportunity_id: theirOpportunity.id, product_id: theirProduct.id } }),
      ),
    ).toBe(`opportunity_id: no live opportunity with id '${theirOpportunity.id}'`);
    // Their data is untouched.
    expect(must<Activity>(await theirApi.getActivity(theirActivity.id), 200).completed_at).toBeNull();
    expect(must<Lines>(await theirApi.listLines(theirOpportunity.id), 200).data.map((l) => l.id)).toEqual([theirLine.id]);
  });

  it("gives a key limited to contact no activity tools: each refuses with REST's 403 identifier", async () => {
    const key = await bigKey(t, { allowedObjects: ["contact"], allowDelete: true });
    const activity = must<Activity>(
      await rest(adminKey).createActivity({ type: "task", subject: "Scoped", record_id: contact.id, objectApiName: "contact" }),
      201,
    );
    const restError = toolErrorText(await rest(key).listActivities({ recordId: contact.id }));
    expect(restError).toBe("This credential is not allowed to use this object. (errors.apiKeyObjectDenied)");
    const mcp = await connect(key);
    for (const [name, args] of [
      ["list_activities", { recordId: contact.id }],
      ["list_activities", {}],
      ["create_activity", { type: "task", subject: "Nope", record_id: contact.id, objectApiName: "contact" }],
      ["update_activity", { id: activity.id, completed: true }],
      ["delete_activity", { id: activity.id }],
    ] as const) {
      expect(failed(await mcp.callTool({ name, arguments: args })), name).toBe(restError);
    }
    // Its contacts still work; lines and stock belong to opportunities and products, outside its scope too.
    expect(ok<Page<unknown>>(await mcp.callTool({ name: "list_records", arguments: { object: "contact" } })).total).toBeGreaterThan(0);
    expect(failed(await mcp.callTool({ name: "list_inventory", arguments: {} }))).toBe(restError);
    expect(must<Activity>(await rest(adminKey).getActivity(activity.id), 200).completed_at).toBeNull();

    // Activities alone are not enough: the record's object must be readable too, and activities on
    // objects it may not read stay out of its lists.
    const company = await new RecordsApi(adminKey, "company").mustCreate({ name: `Scoped Co ${era}` });
    const onCompany = must<Activity>(
      await rest(adminKey).createActivity({ type: "meeting", subject: "Kickoff", record_id: company.id, objectApiName: "company" }),
      201,
    );
    const activityOnly = await connect(await bigKey(t, { allowedObjects: ["activity"] }));
    const create = { type: "task", subject: "Nope", record_id: contact.id, objectApiName: "contact" };
    expect(failed(await activityOnly.callTool({ name: "create_activity", arguments: create }))).toBe(restError);
    expect(ok<Page<Activity>>(await activityOnly.callTool({ name: "list_activities", arguments: {} }))).toMatchObject({
      total: 0,
      data: [],
    });
    expect(failed(await activityOnly.callTool({ name: "list_activities", arguments: { recordId: contact.id } }))).toBe(
      `Record '${contact.id}' not found`,
    );
    expect(
      failed(await activityOnly.callTool({ name: "list_activities", arguments: { recordId: contact.id, objectApiName: "contact" } })),
    ).toBe(restError);

    // With activity added to its objects, the contact key logs activities on its contacts and sees none on companies.
    const widened = await connect(await bigKey(t, { allowedObjects: ["contact", "activity"] }));
    const logged = ok<Activity>(
      await widened.callTool({
        name: "create_activity",
        arguments: { type: "email", subject: "Sent the quote", record_id: contact.id, objectApiName: "contact" },
      }),
    );
    expect(logged.objectApiName).toBe("contact");
    const latest = ok<Page<Activity>>(await widened.callTool({ name: "list_activities", arguments: { limit: 100 } }));
    expect(latest.data.map((a) => a.id)).toContain(logged.id);
    expect(latest.data.map((a) => a.id)).not.toContain(onCompany.id);
    expect(new Set(latest.data.map((a) => a.objectApiName))).toEqual(new Set(["contact"]));
    expect(failed(await widened.callTool({ name: "update_activity", arguments: { id: onCompany.id, completed: true } }))).toBe(
      `Activity '${onCompany.id}' not found`,
    );
  });

  it("does not reach activities through the record tools, whatever the key's objects", async () => {
    for (const key of [adminKey, await bigKey(t, { allowedObjects: ["activity"] })]) {
      const mcp = key === adminKey ? client : await connect(key);
      for (const [name, args] of [
        ["describe_object", { object: "activity" }],
        ["list_records", { object: "activity" }],
        ["create_record", { object: "activity", values: { subject: "Sneaky" } }],
      ] as const) {
        expect(failed(await mcp.callTool({ name, arguments: args })), name).toBe("Object 'activity' not found");
      }
      const objects = ok<{ data: { apiName: string }[] }>(await mcp.callTool({ name: "list_objects", arguments: {} }));
      expect(objects.data.map((o) => o.apiName)).not.toContain("activity");
    }
  });

  it("refuses every write of a read-only key with REST's message, and lets it read", async () => {
    const key = await bigKey(t, { readOnly: true });
    const body = { type: "task", subject: "Read only", record_id: contact.id, objectApiName: "contact" };
    const restError = toolErrorText(await rest(key).createActivity(body));
    expect(restError).toBe(
      "This credential may only read: it cannot create, change or delete records of this object. (errors.apiKeyReadOnly)",
    );
    const mcp = await connect(key);
    expect(failed(await mcp.callTool({ name: "create_activity", arguments: body }))).toBe(restError);
    const activity = must<Activity>(await rest(adminKey).createActivity(body), 201);
    expect(failed(await mcp.callTool({ name: "update_activity", arguments: { id: activity.id, completed: true } }))).toBe(restError);
    expect(failed(await mcp.callTool({ name: "delete_activity", arguments: { id: activity.id } }))).toBe(restError);
    const listed = ok<Page<Activity>>(await mcp.callTool({ name: "list_activities", arguments: { recordId: contact.id } }));
    expect(listed.data.map((a) => a.id)).toContain(activity.id);
  });
});
