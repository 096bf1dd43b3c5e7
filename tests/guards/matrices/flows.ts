/**
 * The authentication and authorization matrix of flows, keyed by operation name;
 * tests/integration/guards/auth-matrix.test.ts runs it. Reading needs read access to the flow's
 * object; enrolling and stopping act for the company towards the person (read access, not a
 * read-only key, a role that may update the object), as marketing email does.
 */
import { matrix, type MatrixTable } from "../../helpers/auth-matrix.ts";
import type { TestTenant } from "../../helpers/fixtures.ts";
import { call } from "../../helpers/rest.ts";
import { enrollVia, makeFlow } from "../../integration/flows/helpers.ts";
import { bigKey, RecordsApi } from "../../integration/records/helpers.ts";
import { restRoute } from "../../helpers/rest-route.ts";

const { POST: stopEnrollment } = restRoute("/flows/{id}/enrollments/{enrollmentId}/stop");
const { GET: listEnrollments } = restRoute("/flows/{id}/enrollments");
const { GET: getFlow } = restRoute("/flows/{id}");
const { GET: listFlows } = restRoute("/flows");

const OBJECT = "contact";

interface Ctx {
  flowId: string;
  enrollmentId: string;
  people: RecordsApi;
}

async function prepare(t: TestTenant): Promise<Ctx> {
  const admin = await bigKey(t);
  const flow = await makeFlow(t, { name: "Matrix", steps: [{ type: "task", subject: "Call" }] });
  const people = new RecordsApi(admin, OBJECT);
  const person = await people.mustCreate({ last_name: "Matrix" });
  const enrollmentId = (await enrollVia(admin, flow.id, person.id)).json<{ id: string }>().id;
  return { flowId: flow.id, enrollmentId, people };
}

export const flowsMatrices: MatrixTable = {
  "flows.list": matrix({ object: null, action: "read", prepare, call: (_ctx, auth) => call(listFlows, { auth }), crossTenantStatus: 200 }),
  "flows.get": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(getFlow, { auth, params: { id: ctx.flowId } }),
  }),
  "flows.enroll": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    // A new person each time: a record goes through a flow once at a time.
    call: async (ctx, auth) => enrollVia(auth, ctx.flowId, (await ctx.people.mustCreate({ last_name: "Enrolled" })).id),
  }),
  "flows.enrollments": matrix({
    object: OBJECT,
    action: "read",
    prepare,
    call: (ctx, auth) => call(listEnrollments, { auth, params: { id: ctx.flowId } }),
  }),
  "flows.stopEnrollment": matrix({
    object: OBJECT,
    action: "update",
    prepare,
    call: (ctx, auth) => call(stopEnrollment, { auth, method: "POST", params: { id: ctx.flowId, enrollmentId: ctx.enrollmentId } }),
  }),
};
