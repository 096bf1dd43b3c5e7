import { authorizeEndpoint, consentDecisionEndpoint } from "@/lib/adapters/oauth/authorize-endpoint.ts";
import { sessionUser } from "@/lib/auth/session-user.ts";

export const GET = authorizeEndpoint(sessionUser);
export const POST = consentDecisionEndpoint(sessionUser);
