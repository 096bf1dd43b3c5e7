/**
 * Every public operation passes the authentication and authorization matrix: the tables under
 * tests/guards/matrices/ must name exactly the registry's public operations, so an operation
 * added without its matrix fails here.
 */
import { describe, it } from "vitest";
import { authMatrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import { HTTP_OPERATIONS } from "@/lib/operations/registry.ts";
import { expectEntryPerOperation } from "../../helpers/registry.ts";
import { activitiesMatrices } from "../../guards/matrices/activities.ts";
import { attachmentsMatrices } from "../../guards/matrices/attachments.ts";
import { inventoryMatrices } from "../../guards/matrices/inventory.ts";
import { lineItemsMatrices } from "../../guards/matrices/line-items.ts";
import { objectsMatrices } from "../../guards/matrices/objects.ts";
import { recordsMatrices } from "../../guards/matrices/records.ts";
import { webhooksMatrices } from "../../guards/matrices/webhooks.ts";
import { marketingMatrices } from "../../guards/matrices/marketing.ts";
import { flowsMatrices } from "../../guards/matrices/flows.ts";
import { approvalsMatrices } from "../../guards/matrices/approvals.ts";
import { auditMatrices } from "../../guards/matrices/audit.ts";
import { eventsMatrices } from "../../guards/matrices/events.ts";
import { importsMatrices } from "../../guards/matrices/imports.ts";

const MATRICES: MatrixTable = {
  ...objectsMatrices,
  ...recordsMatrices,
  ...activitiesMatrices,
  ...lineItemsMatrices,
  ...inventoryMatrices,
  ...webhooksMatrices,
  ...attachmentsMatrices,
  ...importsMatrices,
  ...marketingMatrices,
  ...flowsMatrices,
  ...approvalsMatrices,
  ...auditMatrices,
  ...eventsMatrices,
};

describe("auth matrices", () => {
  it("exist for exactly the public operations", () => {
    expectEntryPerOperation(MATRICES, HTTP_OPERATIONS, "an auth matrix in tests/guards/matrices/");
  });
});

for (const op of HTTP_OPERATIONS) {
  for (const endpoint of [MATRICES[op.name] ?? []].flat()) authMatrix(op, endpoint);
}
