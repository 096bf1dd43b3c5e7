// Every REST path of the registry (lib/adapters/api-router.ts), for when Next serves the API itself
// (`next dev`, API_ROUTE_LAYER=off); server.mjs serves the same routes through the same router.
import { apiCatchAll } from "@/lib/adapters/api-router.ts";

export const { GET, POST, PUT, PATCH, DELETE } = apiCatchAll;
