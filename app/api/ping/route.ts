// Liveness without touching the database (load balancers; the benchmark's bare baseline).
import { routeMethods } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } }),
});
