import { notFoundRoute } from "@/lib/adapters/route-methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoute;
