import { handlers } from "@/lib/auth/next-auth.ts";

export const { GET, POST } = handlers;
