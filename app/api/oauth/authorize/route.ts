import { authorizeEndpoint, consentDecisionEndpoint } from "@/lib/adapters/oauth/authorize-endpoint.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";
import { sessionUser } from "@/lib/adapters/next-auth/session-user.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: authorizeEndpoint(sessionUser),
  POST: consentDecisionEndpoint(sessionUser),
});
