// Settings: who is signed in, with their tenant and role (drives what the settings UI offers)
import { z } from "zod";
import { assertSession } from "@/lib/auth/access.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { defineOperation } from "../define.ts";

export const currentUserOp = defineOperation({
  name: "session.currentUser",
  summary: "Current user",
  description: "The signed-in user, tenant and role, and whether they are a platform admin.",
  scope: "settings:read",
  input: z.object({}),
  output: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    tenantName: z.string(),
    role: z.string(),
    isAdmin: z.boolean(),
    isPlatformAdmin: z.boolean(),
  }),
  errors: [],
  authorize: assertSession,
  async run({ tx, principal }) {
    const user = await tx.user.findUnique({
      where: { tenantId_id: { tenantId: principal.tenantId, id: principal.userId } },
      include: { role: true },
    });
    const tenant = await tx.tenant.findUnique({ where: { id: principal.tenantId } });
    if (!user || !tenant) throw notFound("User");
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      tenantName: tenant.name,
      role: user.role.name,
      isAdmin: user.role.key === "admin",
      isPlatformAdmin: user.platformAdmin,
    };
  },
});
