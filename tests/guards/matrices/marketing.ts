/**
 * The authentication and authorization matrix of marketing email, keyed by operation name;
 * tests/integration/guards/auth-matrix.test.ts runs it. Sending is checked against the
 * recipient's object as an update: a key that may write it, a role that may update it.
 */
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { bigKey, RecordsApi, type ApiRecord } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: sendMarketing } = restRoute("/marketing-emails");

const OBJECT = "contact";

async function prepare(t: TestTenant): Promise<{ contact: ApiRecord }> {
  const admin = await bigKey(t);
  return {
    contact: await new RecordsApi(admin, OBJECT).mustCreate({ last_name: "Matrix", email: `matrix-${t.tenantId.slice(0, 8)}@example.com` }),
  };
}

export const marketingMatrices: MatrixTable = {
  "marketing.send": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) =>
      call(sendMarketing, {
        auth,
        method: "POST",
        path: "/marketing-emails",
        body: { recordId: ctx.contact.id, objectApiName: OBJECT, subject: "Hello {{last_name}}", body: "Hi" },
      }),
  }),
};
