import openapiTS, { astToString } from "openapi-typescript";

const HEADER =
  "// Generated from the CRM's OpenAPI document by openapi-typescript: do not edit by hand.\n" +
  "// Use it as createCrmClient<paths>({ ... }) (crm-sdk).\n\n";

/**
 * TypeScript types (`paths`, `components`, `operations`) for an OpenAPI document: the SDK's generic
 * ones from the registry's document (npm run sdk:generate), or a tenant's own from its per-tenant
 * document (`crm types`), where each object's paths and fields are typed.
 */
export async function openApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

/** The per-tenant OpenAPI document the credential sees, as its types. */
export async function tenantTypes(api: { url: string; apiKey: string }): Promise<string> {
  const res = await fetch(`${api.url.replace(/\/+$/, "")}/api/v1/openapi.json`, { headers: { authorization: `Bearer ${api.apiKey}` } });
  if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return openApiTypes((await res.json()) as object);
}
