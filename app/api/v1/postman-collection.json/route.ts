import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { postmanCollection } from "@/lib/adapters/openapi/postman-collection.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute(async () =>
    Response.json(postmanCollection(openApiDocument()), {
      headers: { "Content-Disposition": 'attachment; filename="crm-api.postman_collection.json"', "Access-Control-Allow-Origin": "*" },
    }),
  ),
});
