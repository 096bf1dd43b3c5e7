import { registerEndpoint } from "@/lib/adapters/oauth/register-endpoint.ts";
import { publicRoute } from "@/lib/adapters/public-rate-limit.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: publicRoute(registerEndpoint) });
