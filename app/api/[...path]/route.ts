// Any path under /api that no route serves: a JSON 404, never Next's HTML page.
import { notFoundRoute } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute;
