import { tokenEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";

export const POST = tokenEndpoint;
