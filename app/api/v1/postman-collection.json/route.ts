import { openApiDocument } from "@/lib/adapters/openapi/openapi-document.ts";
import { postmanCollection } from "@/lib/adapters/openapi/postman-collection.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

// Built and serialised once per process, as the document it comes from: anyone may ask for it,
// and each answer would otherwise redo about 170 KB of schemas and scripts.
let body: string | undefined;

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: publicRoute(async () => {
    body ??= JSON.stringify(postmanCollection(openApiDocument()));
    return new Response(body, {
      headers: {
        "Content-Type": "application/json",
        "Content-Disposition": 'attachment; filename="crm-api.postman_collection.json"',
        "Access-Control-Allow-Origin": "*",
      },
    });
  }),
});
