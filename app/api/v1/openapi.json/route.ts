import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { tenantOpenApi } from "@/lib/adapters/openapi/tenant-openapi.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { restCall } from "@/lib/adapters/rest/rest-handler.ts";
import type { RouteHandler } from "@/lib/adapters/route-handler.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { API_CONSOLE_CSRF_HEADER } from "@/lib/auth/credential-from-request.ts";
import { tenantSchemaOp } from "@/lib/operations/objects/tenant-schema.ts";
import type { ObjectDescription } from "@/lib/schemas/objects.ts";

const generic = publicRoute(async () => Response.json(openApiDocument(), { headers: { "Access-Control-Allow-Origin": "*" } }));
const schemaCall = restCall(tenantSchemaOp);

/** The tenant's schema through the API's own pipeline (credential, bucket, errors), turned into its document. */
const tenant: RouteHandler = async (req) => {
  const answer = await schemaCall(req, {});
  if (answer.status !== 200) return new Response(answer.body, { status: answer.status, headers: answer.headers });
  const schema = JSON.parse(answer.body ?? "{}") as { name: string; objects: ObjectDescription[] };
  return Response.json(tenantOpenApi(openApiDocument(), schema), { headers: answer.headers });
};

/**
 * Anonymous: the generic document, the same for every tenant. With a credential (an API key, an
 * OAuth token, or the API reference's signed-in session): that tenant's document, its objects and
 * fields typed, counted against the credential's bucket like any API call.
 */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: (req, ctx) => (req.headers.has("authorization") || req.headers.has(API_CONSOLE_CSRF_HEADER) ? tenant(req, ctx) : generic(req, ctx)),
});
