/**
 * MCP/REST parity cases of marketing email, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them. send_marketing_email takes the JSON
 * body's properties as flat arguments. Each success queues a message of its own (its own id and
 * Message-ID); refusals are the same in both surfaces.
 */
import { expect } from "vitest";
import { withTenantSql } from "@/lib/db/tenant.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { RecordsApi } from "../../integration/records/helpers.ts";

const MISSING_ID = "01890000-0000-7000-8000-000000000000";

interface Ctx {
  contactId: string;
  leadId: string;
  noEmailId: string;
  optedOutId: string;
  suppressedId: string;
}

async function prepare(t: TestTenant, key: string): Promise<Ctx> {
  const contacts = new RecordsApi(key, "contact");
  const contactId = (await contacts.mustCreate({ first_name: "Ada", last_name: "Parity", email: "ada.parity@example.com" })).id;
  const leadId = (
    await new RecordsApi(key, "lead").mustCreate({ first_name: "Lee", last_name: "Parity", email: "lee@example.com", status: "new" })
  ).id;
  const noEmailId = (await contacts.mustCreate({ last_name: "Silent" })).id;
  const optedOutId = (await contacts.mustCreate({ last_name: "Gone", email: "gone@example.com", email_opt_out: true })).id;
  const suppressedId = (await contacts.mustCreate({ last_name: "Listed", email: "listed@example.com" })).id;
  await withTenantSql(
    t.tenantId,
    async (tx) => tx.$executeRaw`INSERT INTO email_suppression (tenant_id, address) VALUES (${t.tenantId}::uuid, 'listed@example.com')`,
  );
  return { contactId, leadId, noEmailId, optedOutId, suppressedId };
}

/** Two messages of one request: alike but for their identity. */
function sameButIdentity(rest: unknown, tool: unknown): void {
  const strip = (m: unknown) => {
    const { id, messageId, created_at, ...other } = m as Record<string, unknown>;
    expect([id, messageId, created_at].every((v) => typeof v === "string")).toBe(true);
    return other;
  };
  expect(strip(tool)).toEqual(strip(rest));
}

const send = (body: Record<string, unknown>) => ({ rest: () => ({ path: "/marketing-emails", body }), mcp: () => body });

/** The same request to one of the prepared records, in each surface's words. */
const to = (pick: (c: Ctx) => string, objectApiName: string, extra: Record<string, unknown>) => ({
  rest: (c: Ctx) => ({ path: "/marketing-emails", body: { recordId: pick(c), objectApiName, ...extra } }),
  mcp: (c: Ctx) => ({ recordId: pick(c), objectApiName, ...extra }),
});

export const marketingParity: ParityTable = {
  "marketing.send": parity({
    prepare,
    cases: [
      {
        name: "a contact, merge fields filled",
        status: 201,
        ...to((c) => c.contactId, "contact", { subject: "Hi {{first_name}}", body: "Hello {{first_name}}" }),
        compare: sameButIdentity,
      },
      { name: "a lead", status: 201, ...to((c) => c.leadId, "lead", { subject: "Offer", body: "<p>Hi</p>" }), compare: sameButIdentity },
      { name: "an unknown merge field", status: 400, ...to((c) => c.contactId, "contact", { subject: "Hi {{nickname}}", body: "x" }) },
      { name: "a record without an email address", status: 400, ...to((c) => c.noEmailId, "contact", { subject: "s", body: "b" }) },
      { name: "a person who opted out", status: 400, ...to((c) => c.optedOutId, "contact", { subject: "s", body: "b" }) },
      { name: "an address on the suppression list", status: 400, ...to((c) => c.suppressedId, "contact", { subject: "s", body: "b" }) },
      { name: "an unknown record", status: 404, ...send({ recordId: MISSING_ID, objectApiName: "contact", subject: "s", body: "b" }) },
      {
        name: "an object that is not contact or lead",
        status: 400,
        ...send({ recordId: MISSING_ID, objectApiName: "company", subject: "s", body: "b" }),
      },
      { name: "a two-line subject", status: 400, ...send({ recordId: MISSING_ID, objectApiName: "contact", subject: "a\nb", body: "b" }) },
      { name: "no body", status: 400, ...send({ recordId: MISSING_ID, objectApiName: "contact", subject: "s" }) },
    ],
  }),
};
