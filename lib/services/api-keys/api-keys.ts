import type { z } from "zod";
import { isAdmin } from "@/lib/auth/access.ts";
import { generateApiKey } from "@/lib/auth/api-key-format.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import type { Tx } from "@/lib/db/tenant.ts";
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
  createdBy: { id: string; name: string; email: string };
};

function summarizeKey(k: KeyRow): ApiKeySummary {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdBy: { id: k.createdBy.id, name: k.createdBy.name, email: k.createdBy.email },
    readOnly: k.readOnly,
    allowedObjects: k.allowedObjects.length ? k.allowedObjects : null,
    allowDelete: k.allowDelete,
    rateLimit: k.rateLimit,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    createdAt: k.createdAt.toISOString(),
  };
}

const withCreator = { createdBy: { select: { id: true, name: true, email: true } } } as const;

/** Admins see every key of the tenant; everyone else sees the keys they created. */
export async function findVisibleApiKeys(tx: Tx, p: Principal): Promise<ApiKeySummary[]> {
  const keys = await tx.apiKey.findMany({
    where: { tenantId: p.tenantId, ...(isAdmin(p) ? {} : { createdById: p.userId }) },
    include: withCreator,
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
  return keys.map(summarizeKey);
}

/** Returns the secret once; only its hash is stored. */
export async function issueApiKey(tx: Tx, p: Principal, input: z.output<typeof apiKeyInputSchema>) {
  if (input.allowedObjects) {
    const known = new Set([
      ...(await listObjectSummaries(tx, p.tenantId)).map((o) => o.apiName),
      ...SCOPE_ONLY_OBJECTS.map((o) => o.apiName),
    ]);
    const unknown = input.allowedObjects.filter((o) => !known.has(o));
    if (unknown.length) throw invalid(`allowedObjects: unknown object ${unknown.map((o) => `'${o}'`).join(", ")}`);
  }
  const generated = generateApiKey(p.tenantId);
  const key = await tx.apiKey.create({
    data: {
      tenantId: p.tenantId,
      id: generated.id,
      name: input.name,
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      createdById: p.userId,
      readOnly: input.readOnly,
      allowedObjects: input.allowedObjects ? [...new Set(input.allowedObjects)] : [],
      allowDelete: input.allowDelete,
      rateLimit: input.rateLimit,
    },
    include: withCreator,
  });
  return { key: summarizeKey(key), secret: generated.secret };
}

export async function markApiKeyRevoked(tx: Tx, p: Principal, id: string): Promise<ApiKeySummary> {
  const key = await tx.apiKey.findFirst({ where: { tenantId: p.tenantId, id, ...(isAdmin(p) ? {} : { createdById: p.userId }) } });
  if (!key) throw notFound("API key");
  const revoked = await tx.apiKey.update({
    where: { tenantId_id: { tenantId: p.tenantId, id } },
    data: { revokedAt: key.revokedAt ?? new Date() },
    include: withCreator,
  });
  return summarizeKey(revoked);
}
