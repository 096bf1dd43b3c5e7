import type { z } from "zod";
import { isAdmin } from "@/lib/auth/access.ts";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { Prisma } from "@/lib/db/generated/client.ts";
import type { SqlTx } from "@/lib/db/tenant.ts";
import { invalid, notFound } from "@/lib/errors/app-error.ts";
import type { ApiKeySummary, apiKeyInputSchema } from "@/lib/schemas/api-keys.ts";
import { listObjectSummaries } from "@/lib/services/records/object-schema.ts";
import { SCOPE_ONLY_OBJECTS } from "@/lib/schemas/names.ts";

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  readOnly: boolean;
  allowedObjects: string[];
  allowDelete: boolean;
  rateLimit: number;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
};

function summarizeKey(k: KeyRow): ApiKeySummary {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdBy: { id: k.creatorId, name: k.creatorName, email: k.creatorEmail },
    readOnly: k.readOnly,
    allowedObjects: k.allowedObjects.length ? k.allowedObjects : null,
    allowDelete: k.allowDelete,
    rateLimit: k.rateLimit,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    createdAt: k.createdAt.toISOString(),
  };
}

/** KeyRow of the api_key rows in the CTE `k` (a filter, or an insert or update RETURNING them), with their creator. */
const SELECT_KEYS = Prisma.raw(`
  SELECT k.id::text, k.name, k.prefix, k.read_only AS "readOnly", coalesce(k.allowed_objects, '{}') AS "allowedObjects",
         k.allow_delete AS "allowDelete", k.rate_limit AS "rateLimit", k.last_used_at AS "lastUsedAt",
         k.revoked_at AS "revokedAt", k.created_at AS "createdAt",
         u.id::text AS "creatorId", u.name AS "creatorName", u.email AS "creatorEmail"
  FROM k JOIN app_user u ON u.tenant_id = k.tenant_id AND u.id = k.created_by_id`);

/** Non-admins reach only the keys they created. */
const visibleTo = (p: Principal) => (isAdmin(p) ? Prisma.empty : Prisma.sql`AND created_by_id = ${p.userId}::uuid`);

/** Admins see every key of the tenant; everyone else sees the keys they created. */
export async function findVisibleApiKeys(tx: SqlTx, p: Principal): Promise<ApiKeySummary[]> {
  const keys = await tx.$queryRaw<KeyRow[]>`
    WITH k AS (SELECT * FROM api_key WHERE tenant_id = ${p.tenantId}::uuid ${visibleTo(p)})
    ${SELECT_KEYS}
    ORDER BY k.revoked_at DESC NULLS FIRST, k.created_at DESC`;
  return keys.map(summarizeKey);
}

/** Returns the secret once; only its hash is stored. */
export async function issueApiKey(tx: SqlTx, p: Principal, input: z.output<typeof apiKeyInputSchema>) {
  if (input.allowedObjects) {
    const known = new Set([
      ...(await listObjectSummaries(tx, p.tenantId)).map((o) => o.apiName),
      ...SCOPE_ONLY_OBJECTS.map((o) => o.apiName),
    ]);
    const unknown = input.allowedObjects.filter((o) => !known.has(o));
    if (unknown.length) throw invalid(`allowedObjects: unknown object ${unknown.map((o) => `'${o}'`).join(", ")}`);
  }
  const generated = generateApiKey(p.tenantId);
  const allowedObjects = input.allowedObjects ? [...new Set(input.allowedObjects)] : [];
  const [key] = await tx.$queryRaw<KeyRow[]>`
    WITH k AS (
      INSERT INTO api_key (tenant_id, id, name, prefix, secret_hash, created_by_id, read_only, allowed_objects, allow_delete, rate_limit)
      VALUES (${p.tenantId}::uuid, ${generated.id}::uuid, ${input.name}, ${generated.prefix}, ${generated.secretHash}, ${p.userId}::uuid,
              ${input.readOnly}::boolean, ${allowedObjects}::text[], ${input.allowDelete}::boolean, ${input.rateLimit}::int)
      RETURNING *)
    ${SELECT_KEYS}`;
  return { key: summarizeKey(key!), secret: generated.secret };
}

export async function markApiKeyRevoked(tx: SqlTx, p: Principal, id: string): Promise<ApiKeySummary> {
  // A key revoked before keeps its first revocation time.
  const [key] = await tx.$queryRaw<KeyRow[]>`
    WITH k AS (
      UPDATE api_key SET revoked_at = coalesce(revoked_at, now())
      WHERE tenant_id = ${p.tenantId}::uuid AND id = ${id}::uuid ${visibleTo(p)}
      RETURNING *)
    ${SELECT_KEYS}`;
  if (!key) throw notFound("API key");
  return summarizeKey(key);
}
