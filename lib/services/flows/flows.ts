import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import { uuidV7 } from "@/lib/ids/uuid-v7.ts";
import { flowStepsSchema, type ApiFlow, type FlowChanges, type FlowCreate, type FlowStep } from "@/lib/schemas/flows.ts";
import { mergeFieldNames } from "@/lib/services/email/person-email.ts";
import { loadObjectSchema } from "@/lib/services/records/object-schema.ts";

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

/**
 * The steps as stored, parsed again on the way out: a row that no longer meets the rules (written
 * by hand, or under older ones) shows no steps rather than failing every list of flows, and the
 * flow-steps job ends its enrollments (reason failed).
 */
export const parseSteps = (raw: unknown): FlowStep[] => flowStepsSchema.safeParse(raw).data ?? [];

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

const BASE_COLUMNS = Prisma.sql`f.id::text, f.name, f.object_api_name, f.status, f.steps, f.created_by_id::text, f.created_at, f.updated_at`;
const FLOW_COLUMNS = Prisma.sql`${BASE_COLUMNS},
  (SELECT count(*)::int FROM flow_enrollment e WHERE e.tenant_id = f.tenant_id AND e.flow_id = f.id AND e.status = 'active') AS active_enrollments`;

/** The tenant's flows, oldest first, limited to the objects `visible` admits. */
export async function listFlows(tx: SqlTx, tenantId: string, visible: (objectApiName: string) => boolean): Promise<ApiFlow[]> {
  const rows = await tx.$queryRaw<FlowRow[]>`
    SELECT ${FLOW_COLUMNS} FROM flow f WHERE f.tenant_id = ${tenantId}::uuid ORDER BY f.created_at, f.id`;
  return rows.filter((r) => visible(r.object_api_name)).map(toApiFlow);
}

/**
 * One flow, or 404: locked for a change when `lock` is set; with its count of active enrollments
 * unless `count` is false (enrolling, which must not get slower as the flow fills up).
 */
export async function findFlowRow(tx: SqlTx, tenantId: string, id: string, lock = false, count = true): Promise<FlowRow> {
  const rows = await tx.$queryRaw<FlowRow[]>`
    SELECT ${count ? FLOW_COLUMNS : BASE_COLUMNS} FROM flow f WHERE f.tenant_id = ${tenantId}::uuid AND f.id = ${id}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF f` : Prisma.empty}`;
  if (!rows[0]) throw notFound(`Flow '${id}'`);
  return rows[0];
}

/** The keys every record has besides its fields (what a merge field may also name). */
const RECORD_KEYS = ["id", "owner_id", "created_at", "updated_at"];

/**
 * Merge fields must name fields of the flow's object: a typo is refused when the flow is saved
 * (400 naming the step) rather than failing every enrollment when the step runs.
 */
async function assertMergeFields(tx: SqlTx, tenantId: string, objectApiName: string, steps: FlowStep[]): Promise<void> {
  const object = await loadObjectSchema(tx, tenantId, objectApiName);
  const known = new Set([...RECORD_KEYS, ...object.fields.map((f) => f.apiName)]);
  steps.forEach((step, i) => {
    const texts =
      step.type === "email" ? { subject: step.subject, body: step.body } : step.type === "task" ? { subject: step.subject } : {};
    for (const [key, text] of Object.entries(texts)) {
      const unknown = mergeFieldNames(text).find((name) => !known.has(name));
      if (unknown)
        throw invalid(`steps.${i}.${key}: {{${unknown}}} is not a field of ${objectApiName}`, [
          { path: `steps.${i}.${key}`, message: `{{${unknown}}} is not a field of ${objectApiName}` },
        ]);
    }
  });
}

export async function createFlow(tx: SqlTx, tenantId: string, userId: string, input: FlowCreate): Promise<ApiFlow> {
  await assertMergeFields(tx, tenantId, input.objectApiName, input.steps);
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
 * under way then continue at their step number in the new list (and complete if it is shorter); a
 * wait under way keeps the time it was due when it started.
 */
export async function updateFlow(tx: SqlTx, tenantId: string, id: string, changes: FlowChanges): Promise<ApiFlow> {
  const row = await findFlowRow(tx, tenantId, id, true);
  if (changes.steps) await assertMergeFields(tx, tenantId, row.object_api_name, changes.steps);
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
