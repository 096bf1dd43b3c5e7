import { unsubscribeGet, unsubscribePost } from "@/lib/adapters/email/unsubscribe-route.ts";
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: unsubscribeGet, POST: unsubscribePost });
