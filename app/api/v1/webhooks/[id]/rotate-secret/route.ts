import { restPath } from "@/lib/adapters/rest/rest-path.ts";

export const { GET, POST, PUT, PATCH, DELETE } = restPath("/webhooks/{id}/rotate-secret");
