// Liveness without touching the database (load balancers; the benchmark's bare baseline).
export const GET = (): Response => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
