import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { flowStepsSchema, type ApiFlow, type FlowChanges, type FlowCreate, type FlowStep } from "@/lib/schemas/flows.ts";

/** At most this many flows per tenant: a cadence library, not a rules engine. */
export const MAX_FLOWS = 200;

export interface FlowRow {
  id: string;
  name: string;
  object_api_name: ApiFlow["objectApiName"];
  status: ApiFlow["status"];
  steps: unknown;
  created_by_id: string | null;
  created_at: Date;
  updated_at: Date;
  active_enrollments?: number;
}

/** The steps as stored: parsed again on the way out, so a row written by hand cannot reach a step runner malformed. */
export const parseSteps = (raw: unknown): FlowStep[] => flowStepsSchema.parse(raw);

export function toApiFlow(r: FlowRow): ApiFlow {
  return {
    id: r.id,
    name: r.name,
    objectApiName: r.object_api_name,
    status: r.status,
    steps: parseSteps(r.steps),
    activeEnrollments: r.active_enrollments ?? 0,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const FLOW_COLUMNS = Prisma.sql`f.id::text, f.name, f.object_api_name, f.status, f.steps, f.created_by_id::text, f.created_at, f.updated_at,
  (SELECT count(*)::int FROM flow_enrollment e WHERE e.tenant_id = f.tenant_id AND e.flow_id = f.id AND e.status = 'active') AS active_enrollments`;

/** The tenant's flows, oldest first, limited to the objects `visible` admits. */
export async function listFlows(tx: SqlTx, tenantId: string, visible: (objectApiName: string) => boolean): Promise<ApiFlow[]> {
  const rows = await tx.$queryRaw<FlowRow[]>`
    SELECT ${FLOW_COLUMNS} FROM flow f WHERE f.tenant_id = ${tenantId}::uuid ORDER BY f.created_at, f.id`;
  return rows.filter((r) => visible(r.object_api_name)).map(toApiFlow);
}

/** One flow (locked for a change when `lock` is set), or 404. */
export async function findFlowRow(tx: SqlTx, tenantId: string, id: string, lock = false): Promise<FlowRow> {
  const rows = await tx.$queryRaw<FlowRow[]>`
    SELECT ${FLOW_COLUMNS} FROM flow f WHERE f.tenant_id = ${tenantId}::uuid AND f.id = ${id}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF f` : Prisma.empty}`;
  if (!rows[0]) throw notFound(`Flow '${id}'`);
  return rows[0];
}

export async function createFlow(tx: SqlTx, tenantId: string, userId: string, input: FlowCreate): Promise<ApiFlow> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`flows:${tenantId}`}, 0))`;
  const [{ n }] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM flow WHERE tenant_id = ${tenantId}::uuid`;
  if (n >= MAX_FLOWS) throw invalid(`The company has ${MAX_FLOWS} flows, the most there can be`);
  const id = uuidV7();
  await tx.$executeRaw`
    INSERT INTO flow (tenant_id, id, name, object_api_name, status, steps, created_by_id)
    VALUES (${tenantId}::uuid, ${id}::uuid, ${input.name}, ${input.objectApiName}, 'paused', ${JSON.stringify(input.steps)}::jsonb, ${userId}::uuid)`;
  return toApiFlow(await findFlowRow(tx, tenantId, id));
}

/**
 * Renames a flow or replaces its steps. Steps change only while the flow is paused: enrollments
 * under way then continue at their step number in the new list (and complete if it is shorter).
 */
export async function updateFlow(tx: SqlTx, tenantId: string, id: string, changes: FlowChanges): Promise<ApiFlow> {
  const row = await findFlowRow(tx, tenantId, id, true);
  if (changes.steps && row.status === "active")
    throw invalid("steps: the flow is active; pause it before changing its steps", [
      { path: "steps", message: "can change only while the flow is paused" },
    ]);
  await tx.$executeRaw`
    UPDATE flow SET name = ${changes.name ?? row.name}, steps = ${JSON.stringify(changes.steps ?? row.steps)}::jsonb, updated_at = now()
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  return toApiFlow(await findFlowRow(tx, tenantId, id));
}

export const FLOW_CHANNEL = "flow_due";

/** Activates (steps run, records can be enrolled) or pauses a flow (nothing runs; enrollments wait and resume where they were). */
export async function setFlowStatus(tx: SqlTx, tenantId: string, id: string, status: ApiFlow["status"]): Promise<ApiFlow> {
  await findFlowRow(tx, tenantId, id, true);
  await tx.$executeRaw`UPDATE flow SET status = ${status}, updated_at = now() WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
  // Steps that fell due while it was paused run at once.
  if (status === "active") await tx.$executeRaw`SELECT pg_notify(${FLOW_CHANNEL}, '')`;
  return toApiFlow(await findFlowRow(tx, tenantId, id));
}
