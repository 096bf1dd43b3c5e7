import { revokeEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: revokeEndpoint });
