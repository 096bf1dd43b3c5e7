/**
 * MCP/REST parity cases of the object discovery operations, keyed by operation name;
 * tests/integration/guards/mcp-rest-parity.test.ts runs them.
 */
import { withTenantSql } from "@/lib/db/tenant.ts";
import { objectInputSchema } from "@/lib/schemas/objects.ts";
import { insertObjectDefinition } from "@/lib/services/objects/object-definitions.ts";
import { createTestTenant, type TestTenant } from "../../helpers/fixtures.ts";
import { parity, type ParityTable } from "../../helpers/parity.ts";

async function addCustomObject(t: TestTenant, apiName: string): Promise<void> {
  await withTenantSql(t.tenantId, async (tx) =>
    insertObjectDefinition(tx, t.tenantId, objectInputSchema.parse({ apiName, label: apiName, pluralLabel: `${apiName}s` })),
  );
}

export const objectsParity: ParityTable = {
  // objects.list has no input to get wrong, and only a token (without objects:read) is refused it.
  "objects.list": parity({
    prepare: (t) => addCustomObject(t, "project"),
    cases: [{ name: "built-in and custom objects", status: 200, rest: () => ({ path: "/objects" }), mcp: () => ({}) }],
  }),

  "objects.describe": parity({
    prepare: async (t) => {
      await addCustomObject(t, "project");
      const other = await createTestTenant("parity-other");
      await addCustomObject(other, "theirs");
    },
    cases: [
      { name: "a built-in object", status: 200, rest: () => ({ path: "/objects/opportunity" }), mcp: () => ({ object: "opportunity" }) },
      { name: "a custom object", status: 200, rest: () => ({ path: "/objects/project" }), mcp: () => ({ object: "project" }) },
      { name: "an unknown object", status: 404, rest: () => ({ path: "/objects/nope" }), mcp: () => ({ object: "nope" }) },
      { name: "another tenant's custom object", status: 404, rest: () => ({ path: "/objects/theirs" }), mcp: () => ({ object: "theirs" }) },
    ],
  }),
};
