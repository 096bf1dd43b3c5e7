import { registerEndpoint } from "@/lib/adapters/oauth/register-endpoint.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

// Registration spends buckets of its own (open-endpoint-budget.ts), not the shared public one.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: registerEndpoint });
