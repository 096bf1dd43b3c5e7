import { revokeEndpoint } from "@/lib/adapters/oauth/token-endpoint.ts";

export const POST = revokeEndpoint;
