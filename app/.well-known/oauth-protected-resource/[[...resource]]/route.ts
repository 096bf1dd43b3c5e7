import { protectedResourceMetadata } from "@/lib/adapters/oauth/metadata.ts";

export const GET = protectedResourceMetadata;
