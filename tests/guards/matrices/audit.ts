/**
 * The authentication and authorization matrices of GET /audit-log and GET /request-log: admins'
 * unrestricted credentials only (a read-only admin key reads, a key limited to some objects does
 * not), each tenant its own entries; run by tests/integration/guards/auth-matrix.test.ts.
 */
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import { call } from "../../helpers/rest.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { GET: listAudit } = restRoute("/audit-log");
const { GET: listRequestLog } = restRoute("/request-log");

export const auditMatrices: MatrixTable = {
  "audit.list": matrix({
    object: null,
    action: "read",
    adminsOnly: true,
    prepare: async () => ({}),
    call: (_ctx, auth) => call(listAudit, { auth }),
    crossTenantStatus: 200,
  }),
  "requestLog.list": matrix({
    object: null,
    action: "read",
    adminsOnly: true,
    prepare: async () => ({}),
    call: (_ctx, auth) => call(listRequestLog, { auth }),
    crossTenantStatus: 200,
  }),
};
