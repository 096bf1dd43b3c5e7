import { inboundEmailPost } from "@/lib/adapters/email/inbound-route.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: inboundEmailPost });
