/**
 * MCP/REST parity cases of the events feed (list_events), keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them.
 */
import { randomUUID } from "node:crypto";
import { createTestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";
import { eventsSettled } from "../../helpers/events-settled.ts";
import { contactEvent } from "../matrices/events.ts";

export const eventsParity: ParityTable = {
  "events.list": parity({
    prepare: async (t) => {
      await contactEvent(t);
      const first = await contactEvent(t);
      await contactEvent(t);
      const theirs = await contactEvent(await createTestTenant("parity-other"));
      // REST and MCP are asked one after the other: both must see the same settled feed.
      await eventsSettled(t);
      return { first: first.id, theirs: theirs.id };
    },
    cases: [
      {
        name: "newest first, one type",
        status: 200,
        rest: () => ({ path: "/events", query: { type: "record.created", limit: "10" } }),
        mcp: () => ({ types: ["record.created"], limit: 10 }),
      },
      {
        name: "after an event, oldest first",
        status: 200,
        rest: (c) => ({ path: "/events", query: { after: c.first, limit: "10" } }),
        mcp: (c) => ({ after: c.first, limit: 10 }),
      },
      {
        name: "an object and a date",
        status: 200,
        rest: () => ({ path: "/events", query: { objectApiName: "contact", created_since: "2020-01-01", limit: "2" } }),
        mcp: () => ({ objectApiName: "contact", created_since: "2020-01-01", limit: 2 }),
      },
      {
        name: "an unknown type",
        status: 400,
        rest: () => ({ path: "/events", query: { type: "record.deleted" } }),
        mcp: () => ({ types: ["record.deleted"] }),
      },
      {
        name: "a cursor that is none",
        status: 400,
        rest: () => ({ path: "/events", query: { after: "not-a-cursor" } }),
        mcp: () => ({ after: "not-a-cursor" }),
      },
      {
        name: "another tenant's event as the cursor",
        status: 400,
        rest: (c) => ({ path: "/events", query: { after: c.theirs } }),
        mcp: (c) => ({ after: c.theirs }),
      },
      {
        name: "an event id that names nothing",
        status: 400,
        rest: () => ({ path: "/events", query: { after: randomUUID() } }),
        mcp: () => ({ after: randomUUID() }),
      },
    ],
  }),
};
