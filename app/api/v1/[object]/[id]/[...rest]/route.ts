import { routeNotFound } from "@/lib/adapters/rest/rest-handler.ts";

export { routeNotFound as GET, routeNotFound as POST, routeNotFound as PATCH, routeNotFound as PUT, routeNotFound as DELETE };
