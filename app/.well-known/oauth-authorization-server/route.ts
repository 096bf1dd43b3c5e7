import { authorizationServerMetadata } from "@/lib/adapters/oauth/metadata.ts";

export const GET = authorizationServerMetadata;
